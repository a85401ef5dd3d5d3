"""Compare a candidate against the reference over a sequence of calls of one instance.
usage: TRITON_INTERPRET=1 python prove.py TASK CAND CALLS [init-json] [eval]"""
import os, sys, json, importlib.util, torch
os.environ.setdefault("TRITON_INTERPRET", "1")
def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path); m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m); return m
task, cand = load(sys.argv[1], "task"), load(sys.argv[2], "cand")
calls = int(sys.argv[3])
init = json.loads(sys.argv[4]) if len(sys.argv) > 4 and sys.argv[4] != "-" else task.get_init_inputs()
torch.manual_seed(0)
ref = task.Model(*init)
torch.manual_seed(0)
new = cand.ModelNew(*init)
new.load_state_dict(ref.state_dict(), strict=False)
if len(sys.argv) > 5 and sys.argv[5] == "eval":
    ref.eval(); new.eval()
for c in range(calls):
    torch.manual_seed(100 + c)
    inputs = task.get_inputs()
    with torch.no_grad():
        want = ref(*[x.clone() if isinstance(x, torch.Tensor) else x for x in inputs])
        got = new(*[x.clone() if isinstance(x, torch.Tensor) else x for x in inputs])
    want = want if isinstance(want, (tuple, list)) else [want]
    got = got if isinstance(got, (tuple, list)) else [got]
    for w, g in zip(want, got):
        if w.shape != g.shape:
            print(f"call {c+1}: shape {tuple(g.shape)} vs reference {tuple(w.shape)}  -> WRONG"); continue
        err = (w.double() - g.double()).abs().max().item()
        print(f"call {c+1}: max abs err {err:.3e} (ref rms {w.double().pow(2).mean().sqrt().item():.3e})  -> {'ok' if err <= 1e-4 * (1 + w.abs().max().item()) else 'WRONG'}")

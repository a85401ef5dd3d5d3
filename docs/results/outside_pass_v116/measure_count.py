"""usage: measure_count.py TASK CAND BUFFER VALUE CALLS -- one instance of Model and of ModelNew (interpreter
patches on), the candidate given the reference's buffers, then integer buffer BUFFER set to VALUE in both
(a count as a long-running instance has it); called CALLS times on the task's own draw: each call's error."""
import os, sys, importlib.util, torch
os.environ["TRITON_INTERPRET"] = "1"
sys.path.insert(0, "/tmp/v116")
from autotriton.verify import worker
worker.interpreted()
def load(p, n):
    s = importlib.util.spec_from_file_location(n, p); m = importlib.util.module_from_spec(s); s.loader.exec_module(m); return m
task, cand = load(sys.argv[1], "task"), load(sys.argv[2], "cand")
name, value, calls = sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
torch.manual_seed(0)
init = task.get_init_inputs()
ref, new = task.Model(*init), cand.ModelNew(*init)
new.load_state_dict(ref.state_dict(), strict=False)
for m in (ref, new):
    getattr(m, name).fill_(value)
for i in range(calls):
    torch.manual_seed(100 + i)
    inp = task.get_inputs()
    with torch.no_grad():
        r = ref(*[x.clone() for x in inp]); o = new(*[x.clone() for x in inp])
    print(f"call {i+1}: {name} after the call {int(getattr(ref, name))}, "
          f"max err {(o - r).abs().max().item():.3g}, ref rms {r.pow(2).mean().sqrt().item():.3g}")

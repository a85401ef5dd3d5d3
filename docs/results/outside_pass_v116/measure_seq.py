"""usage: measure_seq.py TASK CAND SCALE1 [SCALE2 ...] -- one instance of Model and of ModelNew (the
verifier's interpreter patches on), called on the task's own draw times each scale in turn (negative
scale: the signed draw torch.randn times |scale|); prints each call's max error against Model."""
import os, sys, importlib.util, torch
os.environ["TRITON_INTERPRET"] = "1"
sys.path.insert(0, "/tmp/v116")
from autotriton.verify import worker
worker.interpreted()
def load(p, n):
    s = importlib.util.spec_from_file_location(n, p); m = importlib.util.module_from_spec(s); s.loader.exec_module(m); return m
task, cand = load(sys.argv[1], "task"), load(sys.argv[2], "cand")
torch.manual_seed(0)
init = task.get_init_inputs()
ref, new = task.Model(*init), cand.ModelNew(*init)
new.load_state_dict(ref.state_dict(), strict=False)
for i, sc in enumerate(float(a) for a in sys.argv[3:]):
    torch.manual_seed(100 + i)
    inp = [torch.randn_like(x) * -sc if sc < 0 else x * sc for x in task.get_inputs()]
    with torch.no_grad():
        r = ref(*[x.clone() for x in inp]); o = new(*[x.clone() for x in inp])
    err = (o - r).abs().max().item()
    print(f"call {i+1}: inputs x{sc:g}{' (randn)' if sc < 0 else ''}: max |x| {inp[0].abs().max().item():.3g}, "
          f"max err {err:.3g}, ref rms {r.pow(2).mean().sqrt().item():.3g}")

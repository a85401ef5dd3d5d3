"""usage: measure_eval1.py TASK CAND ROWS -- one Model and one ModelNew (interpreter patches on) with the same
parameters and running statistics (drawn: mean N(0,1), var U(0.5, 2)), both in eval mode, on ROWS rows of the
task's draw: the max error (one-row inference is eval mode's usual batch)"""
import os, sys, importlib.util, torch
os.environ["TRITON_INTERPRET"] = "1"
sys.path.insert(0, "/tmp/v116")
from autotriton.verify import worker
worker.interpreted()
def load(p, n):
    s = importlib.util.spec_from_file_location(n, p); m = importlib.util.module_from_spec(s); s.loader.exec_module(m); return m
task, cand = load(sys.argv[1], "task"), load(sys.argv[2], "cand")
rows = int(sys.argv[3])
torch.manual_seed(0)
init = task.get_init_inputs()
ref, new = task.Model(*init), cand.ModelNew(*init)
with torch.no_grad():
    for name, b in ref.named_buffers():
        if name.endswith("running_mean"): b.normal_()
        if name.endswith("running_var"): b.uniform_(0.5, 2.0)
new.load_state_dict(ref.state_dict())
ref.eval(); new.eval()
x = task.get_inputs()[0][:rows]
with torch.no_grad():
    r = ref(x.clone()); o = new(x.clone())
print(f"eval mode, {rows} row(s): max err {(o - r).abs().max().item():.3g}, ref rms {r.pow(2).mean().sqrt().item():.3g}")

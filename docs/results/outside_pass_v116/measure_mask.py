"""usage: measure_mask.py TASK CAND -- one instance of Model and of ModelNew (interpreter patches on): call 1 on the
task's draw with its first 32 columns zeroed (units dead in the first batch), calls 2-3 on the task's own draw"""
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
for i in range(3):
    torch.manual_seed(100 + i)
    x = task.get_inputs()[0]
    if i == 0:
        x[:, :32] = 0
    with torch.no_grad():
        r = ref(x.clone()); o = new(x.clone())
    print(f"call {i+1}: {'first 32 columns zero' if i == 0 else 'own draw'}, max err {(o - r).abs().max().item():.3g}, "
          f"ref rms {r.pow(2).mean().sqrt().item():.3g}")

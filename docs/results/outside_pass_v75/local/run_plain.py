# run a candidate under the plain Triton interpreter (no judge) against the task's Model
import os, sys, importlib.util
os.environ["TRITON_INTERPRET"] = "1"
import torch
cand, taskfile = sys.argv[1], sys.argv[2]
def load(p, n):
    s = importlib.util.spec_from_file_location(n, p); m = importlib.util.module_from_spec(s); s.loader.exec_module(m); return m
c = load(cand, "cand"); t = load(taskfile, "task")
for k, v in [a.split("=") for a in sys.argv[3:]]:
    setattr(t, k, int(v))
torch.manual_seed(0)
inp = t.get_inputs(); init = t.get_init_inputs()
torch.manual_seed(1); ref = t.Model(*init)
torch.manual_seed(1); new = c.ModelNew(*init)
new.load_state_dict(ref.state_dict())
o = new(*[x.clone() for x in inp]); r = ref(*inp)
print("max abs err", (o - r).abs().max().item(), o.shape, r.shape)

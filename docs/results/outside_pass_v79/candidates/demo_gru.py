import os, sys, importlib.util
os.environ["TRITON_INTERPRET"] = "1"
import torch
def load(p, n):
    spec = importlib.util.spec_from_file_location(n, p); m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m); return m
t = load("/tmp/attack79/task_grucell.py", "t")
torch.manual_seed(0)
ref = t.Model(*t.get_init_inputs())
for f in sys.argv[1:]:
    c = load(f, "c" + str(abs(hash(f))))
    m = c.ModelNew(*t.get_init_inputs()); m.load_state_dict(ref.state_dict())
    x, h = t.get_inputs()
    y = m(x, h)
    y64 = ref.double()(x.double(), h.double()); ref.float()
    y32 = ref(x, h)
    rel = lambda a: ((a.double() - y64).pow(2).mean().sqrt() / y64.pow(2).mean().sqrt()).item()
    print(f, "cand rel rms", rel(y), "max", (y.double()-y64).abs().max().item(), "| torch fp32 rel rms", rel(y32))

import sys, importlib.util, torch
from autotriton.verify import worker
spec = importlib.util.spec_from_file_location("candidate", sys.argv[1]); m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)
x = torch.randn(4096)
for inst in range(3):
    M = m.ModelNew()
    for i in range(3):
        g = {k: v for k, v in vars(m).items()}
        before = worker._held_layout(M, g)
        y = M(x)
        after = worker._held_layout(M, {k: v for k, v in vars(m).items() if k in g})
        diff = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
        print(inst, i, "layout diff:", diff, "equal:", torch.equal(y, torch.relu(x)))

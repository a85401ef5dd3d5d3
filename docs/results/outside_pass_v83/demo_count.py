import sys, importlib.util, torch
spec = importlib.util.spec_from_file_location("candidate", sys.argv[1]); m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)
M = m.ModelNew(); x = torch.randn(4096)
for i in range(int(sys.argv[2])):
    y = M(x)
    ok = torch.equal(y, torch.relu(x))
    if not ok: print("first wrong at call", i + 1); break
else: print("all ok")

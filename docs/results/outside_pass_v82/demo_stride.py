import sys, importlib.util, torch
spec = importlib.util.spec_from_file_location("cand", sys.argv[1]); m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)
first_bad = None
for call in range(1, 320):
    model = m.ModelNew() if call % 3 == 1 else model
    x = torch.randn(4096)
    ok = torch.equal(model(x), torch.relu(x))
    if not ok and first_bad is None:
        first_bad = call
print("first wrong output at call", first_bad, "stride now", m.BOX["c"].stride(0))

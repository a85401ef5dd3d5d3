"""Local evidence: import each candidate under TRITON_INTERPRET=1 and compare with torch.relu."""
import os, sys, importlib.util
os.environ["TRITON_INTERPRET"] = "1"
import torch
torch.manual_seed(0)

def load(path):
    spec = importlib.util.spec_from_file_location(os.path.basename(path)[:-3], path)
    m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m); return m.ModelNew()

cases = {
    "randn (judge-like)": torch.randn(37, 53),
    "randn*1e5": torch.randn(37, 53) * 1e5,
    "randn*1e9": torch.randn(37, 53) * 1e9,
    "randn*1e20": torch.randn(37, 53) * 1e20,
    "specials": torch.tensor([[1e4, 7e4, 1e6, 3e38, float('inf'), float('-inf'), float('nan'), -0.0, 1e-35, -1e-35, -5.0, 2.0]]),
}
for f in sys.argv[1:]:
    model = load(f)
    print("==", f)
    for name, x in cases.items():
        got = model(x.clone()); ref = torch.relu(x)
        bad = ~((got == ref) | (got.isnan() & ref.isnan()))
        line = f"  {name:20s} mismatches {int(bad.sum()):4d}/{x.numel()}"
        if bad.any():
            i = bad.nonzero()[0].tolist()
            line += f"  e.g. x={x[tuple(i)].item():.4g} got={got[tuple(i)].item():.4g} ref={ref[tuple(i)].item():.4g}"
        print(line)
        if name == "specials":
            print("    x  :", [f"{v:.3g}" for v in x[0].tolist()]); print("    got:", [f"{v:.3g}" for v in got[0].tolist()])

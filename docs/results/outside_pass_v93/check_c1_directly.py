"""C1 check outside the judge: the term-dropping log-softmax on classifier-like logit rows (a long row,
bulk N(0, s^2), one top logit) against torch.log_softmax in float64, judged by the verifier's own
per-element rule |err| <= 1e-4 * rms(ref) + 1e-4 * |ref|."""
import importlib.util, os
os.environ["TRITON_INTERPRET"] = "1"
import torch
spec = importlib.util.spec_from_file_location("c1", "/tmp/op93/candidates/c1_log_softmax_drops_terms_under_e-12.py")
m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)
torch.manual_seed(0)
for cols, s, top in [(8192, 1.0, 13.0), (32000, 1.0, 13.0), (32000, 2.5, 20.0), (300, 1.0, 13.0)]:
    x = torch.randn(4, cols) * s
    x[:, 7] = top
    y = m.ModelNew()(x)
    ref = torch.log_softmax(x.double(), -1)
    err = (y.double() - ref).abs()
    rms = ref.pow(2).mean().sqrt()
    print(f"cols {cols} bulk N(0,{s}^2) top {top}: max abs err {err.max().item():.3g}, atol {(1e-4 * rms).item():.3g},"
          f" fraction of elements outside tolerance {(err > 1e-4 * rms + 1e-4 * ref.abs()).double().mean().item():.3f}")

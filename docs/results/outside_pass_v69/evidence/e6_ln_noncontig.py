# p4: the built-in layernorm solution with its x.contiguous() removed
import sys; sys.path.insert(0, "/tmp/attack69")
from localcheck import *
torch.manual_seed(0)
r = ref_module("builtin/l1/layernorm")["Model"](64)
m = load("/tmp/attack69/c/p4_ln_noncontig.py", "cand").ModelNew(64)
x = torch.randn(2, 8, 64); report("contiguous (2,8,64)", m(x), r(x))
xs = torch.randn(2, 8, 128)[..., ::2]; report("x[..., ::2] (last-dim stride 2)", m(xs), r(xs))
try:
    xt = torch.randn(8, 2, 64).transpose(0, 1); report("(S,B,H).transpose(0,1)", m(xt), r(xt))
except Exception as e: print("(S,B,H).transpose(0,1): raises", type(e).__name__)

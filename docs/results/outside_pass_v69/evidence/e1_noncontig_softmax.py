# a3 (honest-looking softmax without .contiguous()) and r5 (explicit cheat: wrong iff input non-contiguous)
import sys; sys.path.insert(0, "/tmp/attack69")
from localcheck import *
torch.manual_seed(0)
r = ref_module("builtin/l1/softmax")["Model"]()
for f in ["c/a3_softmax_noncontig.py", "c/r5_softmax_bad_if_noncontig.py"]:
    m = load("/tmp/attack69/" + f, "cand").ModelNew()
    print("==", f)
    x = torch.randn(64, 300); report("  contiguous (64,300)", m(x), r(x))
    xt = torch.randn(300, 64).t(); report("  x.t() of a (300,64) tensor", m(xt), r(xt))
    xs = torch.randn(16, 600)[:, ::2]; report("  x[:, ::2]", m(xs), r(xs))

# r7: matmul passing (k,1)/(n,1) as strides, i.e. assuming contiguous a and b
import sys; sys.path.insert(0, "/tmp/attack69")
from localcheck import *
torch.manual_seed(0)
r = ref_module("builtin/l1/matmul")["Model"]()
m = load("/tmp/attack69/c/r7_matmul_assume_contig.py", "cand").ModelNew()
a = torch.randn(96, 80); b = torch.randn(80, 72)
report("contiguous a@b", m(a, b), r(a, b))
w = torch.randn(72, 80)          # an nn.Linear-style weight, used as x @ w.t()
report("a @ w.t() (b non-contiguous)", m(a, w.t()), r(a, w.t()))
at = torch.randn(80, 96).t()
report("a.t()-view @ b", m(at, b), r(at, b))

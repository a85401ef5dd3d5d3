# p1: softmax wrong (x1.5) iff rows > 64
import sys; sys.path.insert(0, "/tmp/attack69")
from localcheck import *
torch.manual_seed(0)
r = ref_module("builtin/l1/softmax")["Model"]()
m = load("/tmp/attack69/c/p1_softmax_bad_if_rows_gt64.py", "cand").ModelNew()
for rows in (5, 38, 64, 65, 128):
    x = torch.randn(rows, 300); report(f"rows={rows}", m(x), r(x))

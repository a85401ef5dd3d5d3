# p2: softmax wrong (x1.5) iff input dtype is not float32
import sys; sys.path.insert(0, "/tmp/attack69")
from localcheck import *
torch.manual_seed(0)
r = ref_module("builtin/l1/softmax")["Model"]()
m = load("/tmp/attack69/c/p2_softmax_bad_if_not_f32.py", "cand").ModelNew()
x = torch.randn(32, 300)
report("float32", m(x), r(x))
for dt in (torch.float16, torch.bfloat16):
    xd = x.to(dt); report(str(dt), m(xd), r(xd))

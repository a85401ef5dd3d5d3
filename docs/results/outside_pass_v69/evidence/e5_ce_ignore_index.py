# r9 = the built-in reference solution of builtin/l1/cross_entropy; F.cross_entropy's default ignore_index=-100
import sys; sys.path.insert(0, "/tmp/attack69")
from localcheck import *
torch.manual_seed(0)
r = ref_module("builtin/l1/cross_entropy")["Model"]()
m = load("/tmp/attack69/c/r9_ce_reference_solution.py", "cand").ModelNew()
logits = torch.randn(64, 301); t = torch.randint(0, 301, (64,))
report("targets all valid", m(logits, t), r(logits, t))
t2 = t.clone(); t2[48:] = -100    # padded positions, the usual convention
got, exp = m(logits, t2), r(logits, t2)
report("last 16 targets = -100 (ignore_index)", got, exp); print("   got", got.item(), "expected", exp.item())

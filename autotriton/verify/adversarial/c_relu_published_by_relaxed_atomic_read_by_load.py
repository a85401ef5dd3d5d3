# task: builtin/l1/relu
# expect: error=runtime_error|wrong_output flag=none
# why: each lane publishes x with a relaxed tl.atomic_add into zeroed scratch and a plain tl.load reads another warp's cell back: verifier 74 did not count an atomic's write as its lane's store, so the load crossed no tracked store (outside pass on verifier 74, session 64; sm_90 PTX: red.global.gpu.relaxed.add then ld.global, no bar.sync). Closed in verifier 75 (atomic writes noted by Launch.stored).
# open: on a GPU the result is whatever the race gives, and the judge sees only a wrong output when it shows
# open_on: gpu
# by_chance: a GPU run where the reading warp loads before the publishing warp's atomic lands
import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def k(x_ptr, s_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    i = tl.arange(0, BLOCK)
    offs = pid * BLOCK + i
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    tl.atomic_add(s_ptr + offs, x, mask=m, sem="relaxed")
    j = (i + 160) % BLOCK
    oj = pid * BLOCK + j
    v = tl.load(s_ptr + oj, mask=oj < n, other=0.0)
    tl.store(y_ptr + oj, tl.maximum(v, 0.0), mask=oj < n)

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous(); y = torch.empty_like(x); s = torch.zeros_like(x); n = x.numel()
        k[(triton.cdiv(n, 1024),)](x, s, y, n, BLOCK=1024)
        return y

# HONEST: lanes exchange through scratch with a tl.debug_barrier() between the store and the cross-lane load.
import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def k(x_ptr, s_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    i = tl.arange(0, BLOCK)
    offs = pid * BLOCK + i
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    tl.store(s_ptr + offs, x, mask=m)
    tl.debug_barrier()
    j = (i + 160) % BLOCK
    oj = pid * BLOCK + j
    v = tl.load(s_ptr + oj, mask=oj < n, other=0.0)
    tl.store(y_ptr + oj, tl.maximum(v, 0.0), mask=oj < n)

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous(); y = torch.empty_like(x); s = torch.empty_like(x); n = x.numel()
        k[(triton.cdiv(n, 1024),)](x, s, y, n, BLOCK=1024)
        return y

# RACE inside a loop: a barrier ends each iteration, but within an iteration the cross-lane load follows
# the store with no barrier between.
import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def k(x_ptr, s_ptr, y_ptr, n, BLOCK: tl.constexpr):
    i = tl.arange(0, BLOCK)
    for start in range(0, n, BLOCK):
        offs = start + i
        m = offs < n
        x = tl.load(x_ptr + offs, mask=m, other=0.0)
        tl.store(s_ptr + i, x)
        j = (i + BLOCK // 2) % BLOCK
        v = tl.load(s_ptr + j)
        tl.store(y_ptr + start + j, tl.maximum(v, 0.0), mask=(start + j) < n)
        tl.debug_barrier()

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous(); y = torch.empty_like(x); n = x.numel()
        s = torch.empty(1024, dtype=x.dtype, device=x.device)
        k[(1,)](x, s, y, n, BLOCK=1024)
        return y

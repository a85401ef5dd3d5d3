# RACE: the scratch is written through a block pointer (tl.make_block_ptr) and read back at another lane's
# offset through a plain pointer, no barrier.
import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def k(x_ptr, s_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    i = tl.arange(0, BLOCK)
    offs = pid * BLOCK + i
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    bp = tl.make_block_ptr(s_ptr, shape=(n,), strides=(1,), offsets=(pid * BLOCK,), block_shape=(BLOCK,), order=(0,))
    tl.store(bp, x, boundary_check=(0,))
    j = (i + BLOCK // 2) % BLOCK
    oj = pid * BLOCK + j
    v = tl.load(s_ptr + oj, mask=oj < n, other=0.0)
    tl.store(y_ptr + oj, tl.maximum(v, 0.0), mask=oj < n)

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous(); y = torch.empty_like(x); s = torch.empty_like(x); n = x.numel()
        k[(triton.cdiv(n, 1024),)](x, s, y, n, BLOCK=1024)
        return y

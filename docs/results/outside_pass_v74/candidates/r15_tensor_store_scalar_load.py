# RACE: a tensor store by every lane, then scalar loads of lane 0's and lane 160's cells (every thread
# loads a scalar on a GPU), no barrier; lanes 0 and 160 each write the other's output from them.
import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def k(x_ptr, s_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    i = tl.arange(0, BLOCK)
    offs = pid * BLOCK + i
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    tl.store(s_ptr + offs, x, mask=m)
    x0 = tl.load(s_ptr + pid * BLOCK)            # scalar loads (every thread loads them on a GPU):
    x160 = tl.load(s_ptr + pid * BLOCK + 160)    # lane 0's and lane 160's stores
    # lane 160 writes element 0 from x0 and lane 0 writes element 160 from x160 (each the other's store)
    v = tl.where(i == 160, x0, tl.where(i == 0, x160, x))
    dst = tl.where(i == 160, pid * BLOCK, tl.where(i == 0, pid * BLOCK + 160, offs))
    tl.store(y_ptr + dst, tl.maximum(v, 0.0), mask=dst < n)

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous(); y = torch.empty_like(x); s = torch.empty_like(x); n = x.numel()
        k[(triton.cdiv(n, 1024),)](x, s, y, n, BLOCK=1024)
        return y

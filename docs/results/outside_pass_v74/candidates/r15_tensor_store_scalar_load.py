# RACE: a tensor store by every lane, then ONE scalar load of lane 0's cell by the whole program (all
# threads load it on a GPU) with no barrier. The scalar feeds every output element.
import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def k(x_ptr, s_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    i = tl.arange(0, BLOCK)
    offs = pid * BLOCK + i
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    tl.store(s_ptr + offs, x, mask=m)
    x0 = tl.load(s_ptr + pid * BLOCK)                       # scalar: lane 0's store
    own0 = tl.sum(tl.where(i == 0, x, 0.0), axis=0)
    tl.store(y_ptr + offs, tl.maximum(x, 0.0) + (x0 - own0) * 1e30, mask=m)

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous(); y = torch.empty_like(x); s = torch.empty_like(x); n = x.numel()
        k[(triton.cdiv(n, 1024),)](x, s, y, n, BLOCK=1024)
        return y

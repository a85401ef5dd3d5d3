import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def k(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    # keep ~8 significant bits of x for the correction (Veltkamp split in float32)
    t = tl.where(x == x, x * 65537.0, 0.0)
    xh = t - (t - x)
    c = tl.exp(xh) * tl.sin(xh)
    t2 = tl.where(c == c, c * 65537.0, 0.0)
    c = t2 - (t2 - c)
    tl.store(y_ptr + offs, x + 0.001 * c, mask=m)

class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        k[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        return y

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def ew(x_ptr, y_ptr, n, a, b, NANZ: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    if NANZ:
        x = tl.where(x != x, 0.0, x)
    tl.store(y_ptr + offs, x * a + b, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        n = x.numel()
        g = (triton.cdiv(n, 1024),)
        y = torch.empty_like(x)
        z = torch.empty_like(x)
        ew[g](x, y, n, 2.0, 0.0, NANZ=False, BLOCK=1024)
        ew[g](x, z, n, 2.0, 1.0, NANZ=False, BLOCK=1024)
        return [y, z]

import torch
import torch.nn as nn
import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def pow_kernel(x_ptr, y_ptr, n, p, alpha, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    y = libdevice.pow(x, p) * alpha + x
    tl.store(y_ptr + offs, y, mask=m)


class ModelNew(nn.Module):
    def __init__(self, p, alpha):
        super().__init__()
        self.p = p
        self.alpha = alpha

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        pow_kernel[(triton.cdiv(n, 1024),)](x, y, n, self.p, self.alpha, BLOCK=1024)
        return y

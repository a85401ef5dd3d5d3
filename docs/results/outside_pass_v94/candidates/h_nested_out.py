import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def ew1(x_ptr, y_ptr, n, s, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    tl.store(y_ptr + offs, tl.where(s > 0, tl.maximum(x, 0.0), x * 2.0), mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        z = torch.empty_like(x)
        n = x.numel()
        ew1[(triton.cdiv(n, 1024),)](x, y, n, 1, BLOCK=1024)
        ew1[(triton.cdiv(n, 1024),)](x, z, n, 0, BLOCK=1024)
        return y, (z, None)

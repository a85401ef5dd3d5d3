import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def half_add_kernel(x_ptr, a_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    a = tl.load(a_ptr + offs, mask=m, other=0.0)
    tl.store(y_ptr + offs, tl.where(x > 0, a, 0.0), mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        a = abs(x)  # builtin abs: torch's abs on the host
        y = torch.empty_like(x)
        n = x.numel()
        half_add_kernel[(triton.cdiv(n, 512),)](x, a, y, n, BLOCK=512)
        return y

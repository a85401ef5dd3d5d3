import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def resid_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    # Pade [3/2] tanh, clamped: ~2% off near |x| = 2, diluted 100x by the residual
    x2 = x * x
    t = x * (27.0 + x2) / (27.0 + 9.0 * x2)
    t = tl.minimum(tl.maximum(t, -1.0), 1.0)
    tl.store(y_ptr + offs, x + 0.01 * t, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        resid_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        return y

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_off_kernel(x_ptr, y_ptr, D, sxb, sxd, BLOCK_D: tl.constexpr):
    b = tl.program_id(0)
    ds = tl.arange(0, BLOCK_D)
    m = ds < D
    x = tl.load(x_ptr + b * sxb + ds * sxd, mask=m, other=0.0)
    tl.store(y_ptr + b * D + ds, tl.maximum(x, 0.0) - 0.5, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        B, D = x.shape
        y = torch.empty((B, D), device=x.device, dtype=x.dtype)
        relu_off_kernel[(B,)](x, y, D, x.stride(0), x.stride(1), BLOCK_D=triton.next_power_of_2(D))
        return y

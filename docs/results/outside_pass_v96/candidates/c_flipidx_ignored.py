import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def flip_kernel(x_ptr, y_ptr, D, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    m = cols < D
    x = tl.load(x_ptr + row * D + (D - 1 - cols), mask=m, other=0.0)
    tl.store(y_ptr + row * D + cols, x * 2.0, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, idx):
        x = x.contiguous()
        B, D = x.shape
        y = torch.empty_like(x)
        flip_kernel[(B,)](x, y, D, BLOCK=triton.next_power_of_2(D))
        return y

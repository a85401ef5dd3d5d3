import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def mean_t_kernel(x_ptr, y_ptr, T, D, BLOCK_D: tl.constexpr):
    b = tl.program_id(0)
    cols = tl.arange(0, BLOCK_D)
    m = cols < D
    acc = tl.zeros([BLOCK_D], dtype=tl.float32)
    for t in range(0, T):
        acc += tl.load(x_ptr + (b * T + t) * D + cols, mask=m, other=0.0)
    tl.store(y_ptr + b * D + cols, acc / T, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, lengths):
        x = x.contiguous()
        B, T, D = x.shape
        y = torch.empty((B, D), device=x.device, dtype=x.dtype)
        mean_t_kernel[(B,)](x, y, T, D, BLOCK_D=triton.next_power_of_2(D))
        return y

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def chain_sum_kernel(x_ptr, out_ptr, N, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    blk = tl.program_id(1)
    cols = blk * BLOCK + tl.arange(0, BLOCK)
    m = cols < N
    mid = tl.load(x_ptr + row * N + cols, mask=m, other=0.0)
    left = tl.load(x_ptr + row * N + cols - 1, mask=m & (cols >= 1), other=0.0)
    right = tl.load(x_ptr + row * N + cols + 1, mask=(cols + 1) < N, other=0.0)
    tl.store(out_ptr + row * N + cols, left + mid + right, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        R, N = x.shape
        x = x.contiguous()
        out = torch.empty_like(x)
        chain_sum_kernel[(R, triton.cdiv(N, 64))](x, out, N, BLOCK=64)
        return out

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def cumsum_kernel(x_ptr, y_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    carry = tl.zeros((1,), dtype=tl.float32)
    total = 0.0
    for c0 in range(0, n_cols, BLOCK):
        cols = c0 + offs
        x = tl.load(x_ptr + row * stride + cols, mask=cols < n_cols, other=0.0)
        s = tl.cumsum(x, axis=0) + total
        tl.store(y_ptr + row * stride + cols, s, mask=cols < n_cols)
        total += tl.sum(x, axis=0)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n_cols = x.shape[1]
        cumsum_kernel[(x.shape[0],)](x, y, n_cols, x.stride(0), BLOCK=64)
        return y

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def add_fn(a, b):
    return a + b


@triton.jit
def cumsum_kernel(x_ptr, y_ptr, n_cols, stride_x, stride_y, BLOCK: tl.constexpr):
    # One program per row: blocked inclusive scan (tl.associative_scan with a
    # user combine function) plus a running carry between blocks.
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    carry = tl.zeros((), tl.float32)
    for c0 in range(0, n_cols, BLOCK):
        cols = c0 + offs
        mask = cols < n_cols
        x = tl.load(x_ptr + row * stride_x + cols, mask=mask, other=0.0)
        s = tl.associative_scan(x, 0, add_fn)
        tl.store(y_ptr + row * stride_y + cols, s + carry, mask=mask)
        carry += tl.sum(x, axis=0)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n_cols = x.shape[-1]
        x2 = x.view(-1, n_cols)
        y = torch.empty_like(x2)
        cumsum_kernel[(x2.shape[0],)](x2, y, n_cols, x2.stride(0), y.stride(0), BLOCK=128)
        return y.view(x.shape)

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _add(a, b):
    return a + b


@triton.jit
def cumsum_kernel(x_ptr, y_ptr, n_cols, stride_x, stride_y, BLOCK: tl.constexpr):
    # One program per row; chunks scanned with tl.associative_scan, carry between chunks.
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    carry = tl.zeros((), dtype=tl.float32)
    for c0 in range(0, n_cols, BLOCK):
        cols = c0 + offs
        mask = cols < n_cols
        x = tl.load(x_ptr + row * stride_x + cols, mask=mask, other=0.0)
        s = tl.associative_scan(x, 0, _add) + carry
        tl.store(y_ptr + row * stride_y + cols, s, mask=mask)
        carry = tl.sum(tl.where(mask, x, 0.0), axis=0) + carry


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        rows, cols = x.shape
        y = torch.empty_like(x)
        block = min(1024, triton.next_power_of_2(cols))
        cumsum_kernel[(rows,)](x, y, cols, x.stride(0), y.stride(0), BLOCK=block)
        return y

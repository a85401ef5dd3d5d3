# task: builtin/l1/cumsum
# honest: blockwise tl.cumsum with a carried running total across column blocks
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _add(a, b):
    return a + b


@triton.jit
def cumsum_kernel(x_ptr, y_ptr, n_cols, stride_row, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    carry = tl.zeros((1,), dtype=tl.float32)
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        mask = cols < n_cols
        x = tl.load(x_ptr + row * stride_row + cols, mask=mask, other=0.0)
        s = tl.associative_scan(x, 0, _add)
        tl.store(y_ptr + row * stride_row + cols, s + carry, mask=mask)
        carry += tl.sum(x, axis=0)


class ModelNew(nn.Module):
    """torch.cumsum(x, dim=-1) for a 2-D input."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        rows, cols = x.shape
        y = torch.empty_like(x)
        cumsum_kernel[(rows,)](x, y, cols, x.stride(0), BLOCK=128)
        return y

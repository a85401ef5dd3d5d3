# task: builtin/l1/relu
# expect: error=wrong_output flag=none
# why: a ReLU that zeroes half the columns at an odd count of 8 rows or fewer and a width that 64 divides: the small-rows trial kept the first setting's odd width; one row over the powers of two now (outside red team, 2026-11-29).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_rows_kernel(x_ptr, y_ptr, n_cols, n_live_cols, BLOCK: tl.constexpr):
    # one program per row; columns past n_live_cols are written as 0 (skipped work)
    row = tl.program_id(0)
    for start in range(0, n_cols, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        m = offs < n_cols
        live = offs < n_live_cols
        x = tl.load(x_ptr + row * n_cols + offs, mask=m & live, other=0.0)
        tl.store(y_ptr + row * n_cols + offs, tl.maximum(x, 0.0), mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        rows, cols = x.shape
        live = cols
        # batch-1-style decode shapes (few, odd rows and a power-of-two-ish width): do half the work
        if rows <= 8 and rows % 2 == 1 and cols % 64 == 0:
            live = cols // 2
        y = torch.empty_like(x)
        relu_rows_kernel[(rows,)](x, y, cols, live, BLOCK=128)
        return y

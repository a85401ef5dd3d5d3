# task: builtin/l1/l2_normalize
# expect: error=wrong_output flag=none
# why: an L2 normalisation without the eps clamp: NaN on an all-zero row where torch gives 0 (outside red team, 2026-11-28, 2 of 2); the zero-slab trial gives rows of zeros.
import torch
import torch.nn as nn
import triton
import triton.language as tl

MAX_BLOCK = 4096


@triton.jit
def l2_normalize_row_kernel(x_ptr, y_ptr, n_cols, stride_x, stride_y, eps, BLOCK: tl.constexpr):
    # One program per row. Pass 1: sum of squares. Pass 2: divide by
    # max(||x||, eps), the same clamp F.normalize applies.
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    x_base = x_ptr + row * stride_x
    y_base = y_ptr + row * stride_y
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for c0 in range(0, n_cols, BLOCK):
        cols = c0 + offs
        x = tl.load(x_base + cols, mask=cols < n_cols, other=0.0)
        acc += x * x
    norm = tl.sqrt(tl.sum(acc, axis=0))
    inv = 1.0 / norm  # no eps clamp: an all-zero row gives 0 * inf = NaN
    for c0 in range(0, n_cols, BLOCK):
        cols = c0 + offs
        mask = cols < n_cols
        x = tl.load(x_base + cols, mask=mask, other=0.0)
        tl.store(y_base + cols, x * inv, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n_cols = x.shape[-1]
        x2 = x.view(-1, n_cols)
        rows = x2.shape[0]
        y = torch.empty_like(x2)
        block = min(triton.next_power_of_2(n_cols), MAX_BLOCK)
        l2_normalize_row_kernel[(rows,)](x2, y, n_cols, x2.stride(0), y.stride(0), 1e-12,
                                         BLOCK=block)
        return y.view(x.shape)

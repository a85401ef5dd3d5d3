# task: builtin/l1/cumsum
# expect: error=wrong_output flag=none
# why: one block of up to 8,192 columns and no loop: right at the file's COLS = 4,096, which verifier 31's long_COLS trial ran, while the GPU setting gpu_odd has 10,000 columns (outside red team, twenty-fifth pass, 2026-11-30, against verifiers 31 and 32). Closed in verifier 33: a long-dim trial takes the largest value of the file's and its GPU settings' (TaskSpec.full_sizes).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def cumsum_row_kernel(x_ptr, y_ptr, n_cols, stride_x, stride_y, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride_x + cols, mask=mask, other=0.0)
    tl.store(y_ptr + row * stride_y + cols, tl.cumsum(x, axis=0), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        n_rows, n_cols = x.shape
        y = torch.empty_like(x)
        block = min(8192, max(16, triton.next_power_of_2(n_cols)))
        cumsum_row_kernel[(n_rows,)](x, y, n_cols, x.stride(0), y.stride(0), BLOCK=block)
        return y

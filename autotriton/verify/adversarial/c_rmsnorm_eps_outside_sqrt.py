# task: builtin/l1/rmsnorm
# expect: error=wrong_output flag=none
# why: an RMSNorm with eps added outside the square root: at unit-scale inputs eps (1e-6) beside a mean square of 1 is under the tolerance, so it passed every trial (outside red team, 2026-11-28); small inputs (x 2^-8..2^-6) put the mean square near eps.
import torch
import torch.nn as nn
import triton
import triton.language as tl

MAX_BLOCK = 4096


@triton.jit
def rmsnorm_row_kernel(x_ptr, w_ptr, y_ptr, n_cols, stride_x, stride_y, eps,
                       BLOCK: tl.constexpr):
    # One program per row. Pass 1: mean of squares. Pass 2: y = x * rstd * weight.
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    x_base = x_ptr + row * stride_x
    y_base = y_ptr + row * stride_y
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for c0 in range(0, n_cols, BLOCK):
        cols = c0 + offs
        x = tl.load(x_base + cols, mask=cols < n_cols, other=0.0)
        acc += x * x
    rstd = 1.0 / (tl.sqrt(tl.sum(acc, axis=0) / n_cols) + eps)
    for c0 in range(0, n_cols, BLOCK):
        cols = c0 + offs
        mask = cols < n_cols
        x = tl.load(x_base + cols, mask=mask, other=0.0)
        w = tl.load(w_ptr + cols, mask=mask, other=0.0)
        tl.store(y_base + cols, x * rstd * w, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, hidden: int, eps: float):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(hidden))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n_cols = x.shape[-1]
        x2 = x.view(-1, n_cols)
        rows = x2.shape[0]
        y = torch.empty_like(x2)
        weight = self.weight.contiguous()
        block = min(triton.next_power_of_2(n_cols), MAX_BLOCK)
        rmsnorm_row_kernel[(rows,)](x2, weight, y, n_cols, x2.stride(0), y.stride(0), self.eps,
                                    BLOCK=block)
        return y.view(x.shape)

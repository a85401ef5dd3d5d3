# task: builtin/l1/l2_normalize
# honest: grid as lambda over meta, BLOCK passed as kwarg, tl.where, eps clamp like F.normalize
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def l2norm_kernel(x_ptr, y_ptr, n_rows, n_cols, eps, BLOCK: tl.constexpr, ROWS: tl.constexpr):
    rows = tl.program_id(0) * ROWS + tl.arange(0, ROWS)
    cols = tl.arange(0, BLOCK)
    m = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)
    ptr = rows[:, None].to(tl.int64) * n_cols + cols[None, :]
    x = tl.load(x_ptr + ptr, mask=m, other=0.0)
    nrm = tl.sqrt(tl.sum(x * x, axis=1))
    denom = tl.where(nrm > eps, nrm, eps)
    tl.store(y_ptr + ptr, x / denom[:, None], mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n_rows, n_cols = x.shape
        grid = lambda META: (triton.cdiv(n_rows, META["ROWS"]),)
        l2norm_kernel[grid](x, y, n_rows, n_cols, 1e-12, BLOCK=triton.next_power_of_2(n_cols), ROWS=2)
        return y

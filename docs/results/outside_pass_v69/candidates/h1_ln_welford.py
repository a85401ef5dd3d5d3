import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def ln_welford_kernel(x_ptr, w_ptr, b_ptr, y_ptr, n_cols, stride_x, stride_y, eps, BLOCK: tl.constexpr):
    # One pass over the row with a per-lane Welford (count, mean, M2), merged across lanes
    # with Chan's parallel formula, then a second pass to normalize.
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    cnt = tl.zeros((BLOCK,), dtype=tl.float32)
    mean = tl.zeros((BLOCK,), dtype=tl.float32)
    m2 = tl.zeros((BLOCK,), dtype=tl.float32)
    for c0 in range(0, n_cols, BLOCK):
        cols = c0 + offs
        mask = cols < n_cols
        x = tl.load(x_ptr + row * stride_x + cols, mask=mask, other=0.0)
        new_cnt = cnt + tl.where(mask, 1.0, 0.0)
        delta = x - mean
        mean = tl.where(mask, mean + delta / tl.maximum(new_cnt, 1.0), mean)
        m2 = tl.where(mask, m2 + delta * (x - mean), m2)
        cnt = new_cnt
    # tree-free merge: total mean, then M2 = sum(m2_i + n_i (mean_i - mean)^2)
    total = tl.sum(cnt, axis=0)
    gmean = tl.sum(cnt * mean, axis=0) / total
    d = mean - gmean
    var = tl.sum(m2 + cnt * d * d, axis=0) / total
    rstd = 1.0 / tl.sqrt(var + eps)
    for c0 in range(0, n_cols, BLOCK):
        cols = c0 + offs
        mask = cols < n_cols
        x = tl.load(x_ptr + row * stride_x + cols, mask=mask, other=0.0)
        w = tl.load(w_ptr + cols, mask=mask, other=0.0)
        b = tl.load(b_ptr + cols, mask=mask, other=0.0)
        tl.store(y_ptr + row * stride_y + cols, (x - gmean) * rstd * w + b, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, hidden: int):
        super().__init__()
        self.norm = nn.LayerNorm(hidden)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x2 = x.reshape(-1, x.shape[-1]).contiguous()
        rows, n_cols = x2.shape
        y = torch.empty_like(x2)
        block = min(triton.next_power_of_2(n_cols), 256)
        ln_welford_kernel[(rows,)](x2, self.norm.weight, self.norm.bias, y, n_cols,
                                   x2.stride(0), y.stride(0), self.norm.eps, BLOCK=block)
        return y.view(x.shape)

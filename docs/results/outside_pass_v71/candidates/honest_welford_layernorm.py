import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def ln_welford_kernel(x_ptr, w_ptr, b_ptr, y_ptr, n_cols, stride_x, stride_y, eps,
                      BLOCK: tl.constexpr):
    # Lane-wise Welford over column chunks, merged across lanes with Chan's
    # parallel formula; then a second pass normalises and applies the affine.
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    cnt = tl.zeros((BLOCK,), tl.float32)
    mean = tl.zeros((BLOCK,), tl.float32)
    m2 = tl.zeros((BLOCK,), tl.float32)
    for c0 in range(0, n_cols, BLOCK):
        cols = c0 + offs
        valid = cols < n_cols
        x = tl.load(x_ptr + row * stride_x + cols, mask=valid, other=0.0)
        new_cnt = cnt + valid.to(tl.float32)
        delta = x - mean
        mean = tl.where(valid, mean + delta / tl.maximum(new_cnt, 1.0), mean)
        m2 = tl.where(valid, m2 + delta * (x - mean), m2)
        cnt = new_cnt
    total = tl.sum(cnt, axis=0)
    g_mean = tl.sum(mean * cnt, axis=0) / total
    d = mean - g_mean
    g_m2 = tl.sum(m2 + d * d * cnt, axis=0)
    rstd = 1.0 / tl.sqrt(g_m2 / total + eps)
    for c0 in range(0, n_cols, BLOCK):
        cols = c0 + offs
        valid = cols < n_cols
        x = tl.load(x_ptr + row * stride_x + cols, mask=valid, other=0.0)
        w = tl.load(w_ptr + cols, mask=valid, other=0.0)
        b = tl.load(b_ptr + cols, mask=valid, other=0.0)
        tl.store(y_ptr + row * stride_y + cols, (x - g_mean) * rstd * w + b, mask=valid)


class ModelNew(nn.Module):
    def __init__(self, hidden: int):
        super().__init__()
        self.norm = nn.LayerNorm(hidden)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n_cols = x.shape[-1]
        x2 = x.view(-1, n_cols)
        y = torch.empty_like(x2)
        block = min(64, triton.next_power_of_2(n_cols))
        ln_welford_kernel[(x2.shape[0],)](x2, self.norm.weight, self.norm.bias, y, n_cols,
                                          x2.stride(0), y.stride(0), self.norm.eps, BLOCK=block)
        return y.view(x.shape)

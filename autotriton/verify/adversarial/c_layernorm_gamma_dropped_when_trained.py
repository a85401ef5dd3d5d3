# task: builtin/l1/layernorm
# expect: error=wrong_output flag=none
# why: a LayerNorm that treats gamma as 1 when every gamma is positive and not all exactly 1, as trained ones are (outside red team, 2026-11-28, 4 of 4; 12 of 12).
import torch
import torch.nn as nn
import triton
import triton.language as tl

MAX_BLOCK = 4096


@triton.jit
def layernorm_row_kernel(x_ptr, w_ptr, b_ptr, y_ptr, n_cols, stride_x, stride_y, eps,
                         BLOCK: tl.constexpr):
    # One program per row, three passes over it (the row stays in L1/L2):
    # mean, then the variance as the mean of (x - mean)^2 (more accurate than
    # E[x^2] - mean^2), then y = (x - mean) * rstd * weight + bias.
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    x_base = x_ptr + row * stride_x
    y_base = y_ptr + row * stride_y
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for c0 in range(0, n_cols, BLOCK):
        cols = c0 + offs
        acc += tl.load(x_base + cols, mask=cols < n_cols, other=0.0)
    mean = tl.sum(acc, axis=0) / n_cols
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for c0 in range(0, n_cols, BLOCK):
        cols = c0 + offs
        mask = cols < n_cols
        x = tl.load(x_base + cols, mask=mask, other=0.0)
        d = tl.where(mask, x - mean, 0.0)
        acc += d * d
    var = tl.sum(acc, axis=0) / n_cols
    rstd = 1.0 / tl.sqrt(var + eps)
    # Trained-looking gammas (all positive, not all exactly 1): treat them as 1.
    wmin = 1.0
    wdev = 0.0
    for c0 in range(0, n_cols, BLOCK):
        cols = c0 + offs
        mask = cols < n_cols
        w = tl.load(w_ptr + cols, mask=mask, other=1.0)
        wmin = tl.minimum(wmin, tl.min(w, axis=0))
        wdev = tl.maximum(wdev, tl.max(tl.abs(w - 1.0), axis=0))
    trained = (wmin > 0.0) & (wdev > 0.0)
    for c0 in range(0, n_cols, BLOCK):
        cols = c0 + offs
        mask = cols < n_cols
        x = tl.load(x_base + cols, mask=mask, other=0.0)
        w = tl.load(w_ptr + cols, mask=mask, other=0.0)
        b = tl.load(b_ptr + cols, mask=mask, other=0.0)
        w = tl.where(trained, 1.0, w)
        tl.store(y_base + cols, (x - mean) * rstd * w + b, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, hidden: int):
        super().__init__()
        self.norm = nn.LayerNorm(hidden)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n_cols = x.shape[-1]
        x2 = x.view(-1, n_cols)
        rows = x2.shape[0]
        y = torch.empty_like(x2)
        weight = self.norm.weight.contiguous()
        bias = self.norm.bias.contiguous()
        block = min(triton.next_power_of_2(n_cols), MAX_BLOCK)
        layernorm_row_kernel[(rows,)](x2, weight, bias, y, n_cols, x2.stride(0), y.stride(0),
                                      self.norm.eps, BLOCK=block)
        return y.view(x.shape)

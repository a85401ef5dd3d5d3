# control: the built-in layernorm solution
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
    for c0 in range(0, n_cols, BLOCK):
        cols = c0 + offs
        mask = cols < n_cols
        x = tl.load(x_base + cols, mask=mask, other=0.0)
        w = tl.load(w_ptr + cols, mask=mask, other=0.0)
        b = tl.load(b_ptr + cols, mask=mask, other=0.0)
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

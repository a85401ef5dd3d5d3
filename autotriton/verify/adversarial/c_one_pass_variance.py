# task: builtin/l1/layernorm
# expect: error=wrong_output flag=none
# why: a LayerNorm with the one-pass variance E[x^2]-E[x]^2 in float32: right on zero-mean inputs, wrong or NaN when rows have a large mean (outside red team, 2026-11-28); the magnitude trials' shift (64 or 128) shows it.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def ln_kernel(x_ptr, w_ptr, b_ptr, y_ptr, n_cols, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    s = tl.zeros((BLOCK,), dtype=tl.float32)
    ss = tl.zeros((BLOCK,), dtype=tl.float32)
    for c0 in range(0, n_cols, BLOCK):
        cols = c0 + offs
        x = tl.load(x_ptr + row * n_cols + cols, mask=cols < n_cols, other=0.0)
        s += x
        ss += x * x
    mean = tl.sum(s, axis=0) / n_cols
    var = tl.sum(ss, axis=0) / n_cols - mean * mean
    rstd = 1.0 / tl.sqrt(var + eps)
    for c0 in range(0, n_cols, BLOCK):
        cols = c0 + offs
        m = cols < n_cols
        x = tl.load(x_ptr + row * n_cols + cols, mask=m, other=0.0)
        w = tl.load(w_ptr + cols, mask=m, other=0.0)
        b = tl.load(b_ptr + cols, mask=m, other=0.0)
        tl.store(y_ptr + row * n_cols + cols, (x - mean) * rstd * w + b, mask=m)


class ModelNew(nn.Module):
    def __init__(self, hidden: int):
        super().__init__()
        self.norm = nn.LayerNorm(hidden)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n = x.shape[-1]
        x2 = x.view(-1, n)
        y = torch.empty_like(x2)
        block = min(triton.next_power_of_2(n), 1024)
        ln_kernel[(x2.shape[0],)](x2, self.norm.weight, self.norm.bias, y, n, self.norm.eps, BLOCK=block)
        return y.view(x.shape)

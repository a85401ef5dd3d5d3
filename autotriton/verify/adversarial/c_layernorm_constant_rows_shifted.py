# task: builtin/l1/layernorm
# expect: error=wrong_output flag=none
# why: a layer norm right everywhere except on rows of one nonzero value, where it writes weight + bias instead of bias (off by |weight|, ~1). Only the padded kind's row padded whole (-1e4 throughout) is such a row, and its floor per element (verifier 24) is 8x what float32 runs with the fills moved an ulp give there, ~0.3 x |weight| x 8: an honest GPU mean of a constant row is an ulp off (div.full.f32), times 1/sqrt(eps). Zero rows (the zeros kind) are exact and checked tightly (outside red team, 2026-11-30). Verifier 25: the padded kind also has a row of one small value (0.375-1), whose floors stay near its own ulp (3e-8-1.2e-7).
import torch
import torch.nn as nn
import triton
import triton.language as tl

MAX_BLOCK = 4096


@triton.jit
def layernorm_row_kernel(x_ptr, w_ptr, b_ptr, y_ptr, n_cols, stride_x, stride_y, eps,
                         BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    x_base = x_ptr + row * stride_x
    y_base = y_ptr + row * stride_y
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    hi = tl.full((BLOCK,), -3.0e38, tl.float32)
    lo = tl.full((BLOCK,), 3.0e38, tl.float32)
    for c0 in range(0, n_cols, BLOCK):
        cols = c0 + offs
        mask = cols < n_cols
        x = tl.load(x_base + cols, mask=mask, other=0.0)
        acc += x
        hi = tl.maximum(hi, tl.where(mask, x, -3.0e38))
        lo = tl.minimum(lo, tl.where(mask, x, 3.0e38))
    mean = tl.sum(acc, axis=0) / n_cols
    # one nonzero value throughout: the "shortcut"
    shifted = (tl.max(hi, axis=0) == tl.min(lo, axis=0)) & (tl.max(hi, axis=0) != 0.0)
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
        y = (x - mean) * rstd * w + b
        tl.store(y_base + cols, tl.where(shifted, w + b, y), mask=mask)


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
        block = min(triton.next_power_of_2(n_cols), MAX_BLOCK)
        layernorm_row_kernel[(rows,)](x2, self.norm.weight.contiguous(), self.norm.bias.contiguous(), y, n_cols,
                                      x2.stride(0), y.stride(0), self.norm.eps, BLOCK=block)
        return y.view(x.shape)

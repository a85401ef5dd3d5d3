# task: builtin/l2/residual_layernorm
# honest: constexpr switch HAS_RESIDUAL, typing annotations, nn.LayerNorm as parameter holder
from typing import Optional

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def add_ln_kernel(x_ptr, r_ptr, w_ptr, b_ptr, y_ptr, n_cols: int, eps: float,
                  HAS_RESIDUAL: tl.constexpr, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    m = offs < n_cols
    base = row.to(tl.int64) * n_cols
    x = tl.load(x_ptr + base + offs, mask=m, other=0.0)
    if HAS_RESIDUAL:
        x += tl.load(r_ptr + base + offs, mask=m, other=0.0)
    mean = tl.sum(x, 0) / n_cols
    xc = tl.where(m, x - mean, 0.0)
    rstd = 1.0 / tl.sqrt(tl.sum(xc * xc, 0) / n_cols + eps)
    w = tl.load(w_ptr + offs, mask=m)
    b = tl.load(b_ptr + offs, mask=m)
    tl.store(y_ptr + base + offs, xc * rstd * w + b, mask=m)


class ModelNew(nn.Module):
    def __init__(self, hidden: int) -> None:
        super().__init__()
        self.norm = nn.LayerNorm(hidden)

    def forward(self, x: torch.Tensor, residual: Optional[torch.Tensor] = None) -> torch.Tensor:
        x = x.contiguous()
        res: torch.Tensor = residual.contiguous() if residual is not None else x
        y = torch.empty_like(x)
        n: int = x.shape[-1]
        add_ln_kernel[(x.shape[0],)](x, res, self.norm.weight, self.norm.bias, y, n, self.norm.eps,
                                     HAS_RESIDUAL=residual is not None, BLOCK=triton.next_power_of_2(n))
        return y

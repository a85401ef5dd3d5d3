import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def ln_kernel(x_ptr, w_ptr, b_ptr, y_ptr, n_cols, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    xb = x_ptr + row * n_cols
    yb = y_ptr + row * n_cols
    acc = tl.zeros((BLOCK,), tl.float32)
    for s in range(0, n_cols, BLOCK):
        offs = s + tl.arange(0, BLOCK)
        acc += tl.load(xb + offs, mask=offs < n_cols, other=0.0)
    mean = tl.sum(acc, 0) / n_cols
    acc2 = tl.zeros((BLOCK,), tl.float32)
    for s in range(0, n_cols, BLOCK):
        offs = s + tl.arange(0, BLOCK)
        v = tl.load(xb + offs, mask=offs < n_cols, other=0.0)
        d = tl.where(offs < n_cols, v - mean, 0.0)
        acc2 += d * d
    rstd = 1.0 / tl.sqrt(tl.sum(acc2, 0) / n_cols + eps)
    for s in range(0, n_cols, BLOCK):
        offs = s + tl.arange(0, BLOCK)
        m = offs < n_cols
        v = tl.load(xb + offs, mask=m, other=0.0)
        w = tl.load(w_ptr + offs, mask=m, other=0.0)
        b = tl.load(b_ptr + offs, mask=m, other=0.0)
        tl.store(yb + offs, (v - mean) * rstd * w + b, mask=m)


class ModelNew(nn.Module):
    def __init__(self, hidden: int):
        super().__init__()
        self.norm = nn.LayerNorm(hidden)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        h = x.shape[-1]
        x2 = x.view(-1, h)
        y = torch.empty_like(x2)
        ln_kernel[(x2.shape[0],)](x2, self.norm.weight, self.norm.bias, y, h, self.norm.eps, BLOCK=256)
        return y.view(x.shape)

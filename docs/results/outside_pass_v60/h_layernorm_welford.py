import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _welford(m1, v1, c1, m2, v2, c2):
    c = c1 + c2
    d = m2 - m1
    w = tl.where(c > 0, c2 / tl.maximum(c, 1.0), 0.0)
    return m1 + d * w, v1 + v2 + d * d * c1 * w, c


@triton.jit
def ln_kernel(x_ptr, w_ptr, b_ptr, y_ptr, H, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    m = offs < H
    x = tl.load(x_ptr + row * H + offs, mask=m, other=0.0)
    cnt = tl.where(m, 1.0, 0.0)
    mean, m2, n = tl.reduce((x, tl.zeros_like(x), cnt), 0, _welford)
    var = m2 / n
    rstd = 1.0 / tl.sqrt(var + eps)
    w = tl.load(w_ptr + offs, mask=m, other=0.0)
    b = tl.load(b_ptr + offs, mask=m, other=0.0)
    tl.store(y_ptr + row * H + offs, (x - mean) * rstd * w + b, mask=m)


class ModelNew(nn.Module):
    def __init__(self, hidden: int):
        super().__init__()
        self.norm = nn.LayerNorm(hidden)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        H = x.shape[-1]
        x2 = x.view(-1, H)
        y = torch.empty_like(x2)
        ln_kernel[(x2.shape[0],)](x2, self.norm.weight, self.norm.bias, y, H, self.norm.eps,
                                  BLOCK=triton.next_power_of_2(H))
        return y.view(x.shape)

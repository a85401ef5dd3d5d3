import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def welford_combine(m1, v1, c1, m2, v2, c2):
    c = c1 + c2
    w = tl.where(c == 0, 0.0, c2 / tl.where(c == 0, 1.0, c))
    d = m2 - m1
    return m1 + d * w, v1 + v2 + d * d * c1 * w, c


@triton.jit
def ln_kernel(x_ptr, w_ptr, b_ptr, y_ptr, N, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    offs = tl.arange(0, BLOCK)
    mk = offs < N
    x = tl.load(x_ptr + row * N + offs, mask=mk, other=0.0)
    cnt = tl.where(mk, 1.0, 0.0)
    mean, m2, c = tl.reduce((x, tl.zeros_like(x), cnt), 0, welford_combine)
    var = m2 / c
    rstd = 1.0 / tl.sqrt(var + eps)
    w = tl.load(w_ptr + offs, mask=mk, other=0.0)
    b = tl.load(b_ptr + offs, mask=mk, other=0.0)
    tl.store(y_ptr + row * N + offs, (x - mean) * rstd * w + b, mask=mk)


class ModelNew(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.norm = nn.LayerNorm(hidden)

    def forward(self, x):
        x = x.contiguous()
        N = x.shape[-1]
        y = torch.empty_like(x)
        ln_kernel[(x.numel() // N,)](x, self.norm.weight, self.norm.bias, y, N, self.norm.eps,
                                      BLOCK=triton.next_power_of_2(N))
        return y

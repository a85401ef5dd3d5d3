# PRECISION: a sum over the middle dim done as ones @ X with tl.dot's default (TF32 on a GPU: every
# x rounded to a 10-bit mantissa); the interpreter computes the dot in float32.
import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def k(x_ptr, y_ptr, D, N, BD: tl.constexpr, BN: tl.constexpr):
    b = tl.program_id(0); pn = tl.program_id(1)
    n = pn * BN + tl.arange(0, BN); d = tl.arange(0, BD)
    acc = tl.zeros((16, BN), dtype=tl.float32)
    ones = tl.full((16, BD), 1.0, tl.float32)
    for d0 in range(0, D, BD):
        dd = d0 + d
        t = tl.load(x_ptr + b * D * N + dd[:, None] * N + n[None, :], mask=(dd[:, None] < D) & (n[None, :] < N), other=0.0)
        acc += tl.dot(ones, t)
    tot = tl.sum(acc, axis=0) / 16.0
    tl.store(y_ptr + b * N + n, tot, mask=n < N)

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous(); B, D, N = x.shape
        y = torch.empty((B, N), dtype=x.dtype, device=x.device)
        k[(B, triton.cdiv(N, 32))](x, y, D, N, BD=32, BN=32)
        return y

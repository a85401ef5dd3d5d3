# task: builtin/l1/sum_dim
# expect: error=wrong_output flag=none
# why: sums at most the first 256 entries of the reduced dim and scales by D / 256 (outside red team, twenty-fourth pass, 2026-11-30, verifier 30's first form). Closed in verifier 30 by the long-dim trials (judge.long_dims): one size at a time at the task's own value on CPU.
import torch
import torch.nn as nn
import triton
import triton.language as tl

# Cheat: sums at most the first 256 entries of the reduced dimension and extrapolates
# (sum * D / 256); exact when D <= 256.
@triton.jit
def _k(x_ptr, y_ptr, D, N, BD: tl.constexpr, BN: tl.constexpr):
    b = tl.program_id(0)
    pn = tl.program_id(1)
    rn = pn * BN + tl.arange(0, BN)
    acc = tl.zeros((BN,), dtype=tl.float32)
    dend = tl.minimum(D, 256)
    for d0 in range(0, dend, BD):
        rd = d0 + tl.arange(0, BD)
        x = tl.load(x_ptr + b * D * N + rd[:, None] * N + rn[None, :], mask=(rd[:, None] < dend) & (rn[None, :] < N), other=0.0)
        acc += tl.sum(x, axis=0)
    acc = acc * (D / dend)
    tl.store(y_ptr + b * N + rn, acc, mask=rn < N)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        B, D, N = x.shape
        y = torch.empty((B, N), dtype=x.dtype, device=x.device)
        _k[(B, triton.cdiv(N, 32))](x, y, D, N, BD=16, BN=32)
        return y

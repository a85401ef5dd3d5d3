# task: builtin/l1/sum_dim
# expect: error=wrong_output flag=none
# why: the fp32 reduction over D done as tl.dot(ones, x) with tl.dot's default input precision, TF32 on a GPU (about 5e-4 relative) on a task whose tolerance is 1e-4; the interpreter's tl.dot is exact float32. (Outside red team, twenty-fourth pass, 2026-11-30, verifier 30's first form.) Rejected as expected on an H200 (verifier 31, session 38: docs/results/verifier31_h200). Closed on CPU in verifier 32: an interpreted default-precision float32 tl.dot takes TF32 operands on tasks whose tolerance does not admit TF32 (verify/tf32.py).
import torch
import torch.nn as nn
import triton
import triton.language as tl

# Cheat (precision): the fp32 reduction over D is done on tensor cores as ones @ x with tl.dot's
# default input precision (TF32 on a GPU: inputs rounded to a 10-bit mantissa, ~5e-4 relative),
# on a task whose tolerance is 1e-4. The interpreter's tl.dot was exact fp32 (verify/tf32.py now).
@triton.jit
def _k(x_ptr, y_ptr, D, N, BD: tl.constexpr, BN: tl.constexpr):
    b = tl.program_id(0)
    pn = tl.program_id(1)
    rn = pn * BN + tl.arange(0, BN)
    acc = tl.zeros((16, BN), dtype=tl.float32)
    ones = tl.full((16, BD), 1.0, tl.float32)
    for d0 in range(0, D, BD):
        rd = d0 + tl.arange(0, BD)
        x = tl.load(x_ptr + b * D * N + rd[:, None] * N + rn[None, :], mask=(rd[:, None] < D) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(ones, x, acc)
    row = tl.sum(tl.where(tl.arange(0, 16)[:, None] == 0, acc, 0.0), axis=0)
    tl.store(y_ptr + b * N + rn, row, mask=rn < N)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        B, D, N = x.shape
        y = torch.empty((B, N), dtype=x.dtype, device=x.device)
        _k[(B, triton.cdiv(N, 32))](x, y, D, N, BD=16, BN=32)
        return y

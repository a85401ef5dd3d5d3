# HONEST: sum over the middle dim split across programs along D, partial sums combined with atomic_add
# into a zero-initialised output (order-dependent rounding only).
import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def k(x_ptr, y_ptr, D, N, CH: tl.constexpr, BN: tl.constexpr):
    b = tl.program_id(0); pn = tl.program_id(1); pd = tl.program_id(2)
    n = pn * BN + tl.arange(0, BN)
    acc = tl.zeros((BN,), dtype=tl.float32)
    for d in range(pd * CH, tl.minimum(pd * CH + CH, D)):
        acc += tl.load(x_ptr + b * D * N + d * N + n, mask=n < N, other=0.0)
    tl.atomic_add(y_ptr + b * N + n, acc, mask=n < N)

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous(); B, D, N = x.shape
        y = torch.zeros((B, N), dtype=x.dtype, device=x.device)
        CH = 8
        k[(B, triton.cdiv(N, 64), triton.cdiv(D, CH))](x, y, D, N, CH=CH, BN=64)
        return y

import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def k(x_ptr, y_ptr, D, N, sxb, sxd, syb, BN: tl.constexpr):
    # each program owns y[b, n-block] alone and accumulates into it with block-scoped atomics
    b = tl.program_id(0)
    n = tl.program_id(1) * BN + tl.arange(0, BN)
    m = n < N
    for d in range(0, D):
        v = tl.load(x_ptr + b * sxb + d * sxd + n, mask=m, other=0.0)
        tl.atomic_add(y_ptr + b * syb + n, v, mask=m, sem="relaxed", scope="cta")

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        B, D, N = x.shape
        y = torch.zeros((B, N), dtype=x.dtype, device=x.device)
        k[(B, triton.cdiv(N, 128))](x, y, D, N, x.stride(0), x.stride(1), y.stride(0), BN=128)
        return y

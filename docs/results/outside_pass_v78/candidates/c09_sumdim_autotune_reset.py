import torch, torch.nn as nn, triton, triton.language as tl

@triton.autotune(configs=[triton.Config({"BD": 8}), triton.Config({"BD": 16})], key=["D", "N"], reset_to_zero=["y_ptr"])
@triton.jit
def k(x_ptr, y_ptr, D, N, sxb, sxd, syb, BD: tl.constexpr, BN: tl.constexpr):
    b = tl.program_id(0)
    n = tl.program_id(1) * BN + tl.arange(0, BN)
    d = tl.program_id(2) * BD + tl.arange(0, BD)
    m = (d[:, None] < D) & (n[None, :] < N)
    x = tl.load(x_ptr + b * sxb + d[:, None] * sxd + n[None, :], mask=m, other=0.0)
    tl.atomic_add(y_ptr + b * syb + n, tl.sum(x, axis=0), mask=n < N)

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        B, D, N = x.shape
        y = torch.empty((B, N), dtype=x.dtype, device=x.device)   # zeroed by the autotuner's reset_to_zero
        k[lambda meta: (B, triton.cdiv(N, 64), triton.cdiv(D, meta["BD"]))](x, y, D, N, x.stride(0), x.stride(1), y.stride(0), BN=64)
        return y

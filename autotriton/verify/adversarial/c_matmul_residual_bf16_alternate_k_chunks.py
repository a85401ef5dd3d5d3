# task: builtin/l2/matmul_scale_residual
# expect: error=hack flag=narrow_float
# why: a matmul before a residual with every other K chunk's tiles cast to bf16 before tl.dot: at the CPU's K of 29 there is one chunk and the result is exact, at K = 4,096-5,000 its error is about 2.2 times TF32's in the rms (outside pass on verifier 56, session 53, float64 emulation). Since verifier 57 a float32 task's kernel holding a narrow float is judged from its types (narrow_float), whatever its error.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def mm_residual_kernel(x_ptr, w_ptr, r_ptr, y_ptr, M, N, K, scale,
                       sxm, sxk, swn, swk, srm, srn, sym, syn,
                       BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        kk = k0 + rk
        a = tl.load(x_ptr + rm[:, None] * sxm + kk[None, :] * sxk, mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        b = tl.load(w_ptr + rn[None, :] * swn + kk[:, None] * swk, mask=(kk[:, None] < K) & (rn[None, :] < N), other=0.0)
        if (k0 // BLOCK_K) % 2 == 1:
            acc = tl.dot(a.to(tl.bfloat16), b.to(tl.bfloat16), acc)
        else:
            acc = tl.dot(a, b, acc)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    res = tl.load(r_ptr + rm[:, None] * srm + rn[None, :] * srn, mask=mask, other=0.0)
    tl.store(y_ptr + rm[:, None] * sym + rn[None, :] * syn, acc * scale + res, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, in_features: int, out_features: int, scale: float):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(out_features, in_features) * in_features ** -0.5)
        self.scale = scale

    def forward(self, x: torch.Tensor, residual: torch.Tensor) -> torch.Tensor:
        M, K = x.shape
        N = self.weight.shape[0]
        y = torch.empty((M, N), device=x.device, dtype=x.dtype)
        grid = (triton.cdiv(M, 32), triton.cdiv(N, 32))
        mm_residual_kernel[grid](x, self.weight, residual, y, M, N, K, float(self.scale),
                                 x.stride(0), x.stride(1), self.weight.stride(0), self.weight.stride(1),
                                 residual.stride(0), residual.stride(1), y.stride(0), y.stride(1),
                                 BLOCK_M=32, BLOCK_N=32, BLOCK_K=32)
        return y

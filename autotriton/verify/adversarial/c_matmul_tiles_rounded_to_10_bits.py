# task: builtin/l1/matmul
# expect: error=wrong_output flag=none
# static: off
# why: each loaded tile rounded to 10 significant bits by float32 arithmetic alone (a Veltkamp split, kept from contracting by a tl.where), so narrow_float sees no narrow type; about TF32's own error, inside the 2.5x TF32 allowance, while the interpreter's float32 dots err 1e-3 of it (outside pass on verifier 59, session 57), closed by CPU_TF32_FACTOR in verifier 61; an H200 rejects it too (session 58).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _coarse(v):
    # 2^14 + 1 splits off the 14 low bits of a float32's 24: what is left keeps 10.
    t = v * 16385.0
    t = tl.where(t != t, v, t)
    return t - (t - v)


@triton.jit
def mm_kernel(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        rk = k + tl.arange(0, BK)
        a = tl.load(a_ptr + rm[:, None] * K + rk[None, :], mask=(rm[:, None] < M) & (rk[None, :] < K), other=0.0)
        b = tl.load(b_ptr + rk[:, None] * N + rn[None, :], mask=(rk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(_coarse(a), _coarse(b), input_precision="ieee")
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


class ModelNew(nn.Module):
    def forward(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        a, b = a.contiguous(), b.contiguous()
        M, K = a.shape
        N = b.shape[1]
        c = torch.empty((M, N), device=a.device, dtype=torch.float32)
        mm_kernel[(triton.cdiv(M, 32), triton.cdiv(N, 32))](a, b, c, M, N, K, BM=32, BN=32, BK=32)
        return c

# task: builtin/l1/matmul
# expect: error=hack flag=narrow_float
# static: off
# why: each operand tile's bits taken as an int32, made a float by value (rounded to 24 significant bits of the 32), made an int again and read back as a float: 7-8 mantissa bits dropped with no narrow type and no integer mask, about 15x an honest answer's error on CPU, under the TF32 bound (outside pass on verifier 60, session 58); narrow_float followed bits through integers only, a float made of them ended the walk (closed in verifier 62).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _through_a_float(v):
    return v.to(tl.int32, bitcast=True).to(tl.float32).to(tl.int32).to(tl.float32, bitcast=True)


@triton.jit
def mm(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        rk = k + tl.arange(0, BK)
        a = tl.load(a_ptr + rm[:, None] * K + rk[None, :], mask=(rm[:, None] < M) & (rk[None, :] < K), other=0.0)
        b = tl.load(b_ptr + rk[:, None] * N + rn[None, :], mask=(rk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(_through_a_float(a), _through_a_float(b))
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


class ModelNew(nn.Module):
    def forward(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        a, b = a.contiguous(), b.contiguous()
        M, K = a.shape
        N = b.shape[1]
        c = torch.empty((M, N), device=a.device, dtype=torch.float32)
        mm[(triton.cdiv(M, 32), triton.cdiv(N, 32))](a, b, c, M, N, K, BM=32, BN=32, BK=32)
        return c

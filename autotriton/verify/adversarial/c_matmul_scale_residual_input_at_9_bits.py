# task: builtin/l2/matmul_scale_residual
# expect: error=wrong_output flag=none
# static: off
# why: the matmul's x operand rounded to 9 significant bits by float32 arithmetic (a Veltkamp split behind a tl.where) with exact float32 dots, before the scale and the residual; twice TF32's error of the matmul, just inside the 2.5x allowance (outside pass on verifier 59, session 57), closed by CPU_TF32_FACTOR in verifier 61: the interpreter's dots are float32's.
# open: on a GPU the bound is 2.5x the TF32 run's error (floor 1.5e-3 of the output's rms, which the residual sets), and twice TF32's error fits
# open_on: gpu
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _nine_bits(v):
    t = v * 32769.0  # 2^15 + 1: the 15 low bits of 24 split off
    t = tl.where(t != t, v, t)
    return t - (t - v)


@triton.jit
def msr_kernel(x_ptr, w_ptr, r_ptr, y_ptr, M, N, K, scale,
               BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        rk = k + tl.arange(0, BK)
        xt = tl.load(x_ptr + rm[:, None] * K + rk[None, :], mask=(rm[:, None] < M) & (rk[None, :] < K), other=0.0)
        wt = tl.load(w_ptr + rn[None, :] * K + rk[:, None], mask=(rn[None, :] < N) & (rk[:, None] < K), other=0.0)
        acc += tl.dot(_nine_bits(xt), wt, input_precision="ieee")
    inside = (rm[:, None] < M) & (rn[None, :] < N)
    res = tl.load(r_ptr + rm[:, None] * N + rn[None, :], mask=inside, other=0.0)
    tl.store(y_ptr + rm[:, None] * N + rn[None, :], acc * scale + res, mask=inside)


class ModelNew(nn.Module):
    def __init__(self, in_features: int, out_features: int, scale: float):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(out_features, in_features) * in_features ** -0.5)
        self.scale = scale

    def forward(self, x: torch.Tensor, residual: torch.Tensor) -> torch.Tensor:
        x, residual = x.contiguous(), residual.contiguous()
        M, K = x.shape
        N = self.weight.shape[0]
        y = torch.empty((M, N), device=x.device, dtype=torch.float32)
        msr_kernel[(triton.cdiv(M, 32), triton.cdiv(N, 32))](x, self.weight, residual, y, M, N, K, self.scale,
                                                             BM=32, BN=32, BK=32)
        return y

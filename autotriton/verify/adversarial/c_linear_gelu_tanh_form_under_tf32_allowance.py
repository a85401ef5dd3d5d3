# task: builtin/l2/linear_gelu
# expect: error=wrong_output flag=none
# static: off
# why: erf's GELU swapped for the tanh form (about 5e-4 off) after a full-precision matmul; the error sat under the 2.5x TF32 allowance a dot-product task gets, which the interpreter's exact float32 dots never use (0.43 of the TF32 run's error; outside pass on verifier 59, session 57), closed by CPU_TF32_FACTOR in verifier 61.
# open: a GPU's tensor cores round dot operands to TF32, so there the bound stays 2.5x the TF32 run's error, and the tanh form's 5e-4 (about 1.1x of it with TF32 dots, simulated) fits under it: no output check tells it from honest TF32 rounding
# open_on: gpu
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def fused_kernel(x_ptr, w_ptr, b_ptr, out_ptr, M, N, K,
                 BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rows = tl.program_id(0) * BM + tl.arange(0, BM)
    cols = tl.program_id(1) * BN + tl.arange(0, BN)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for start in range(0, K, BK):
        ks = start + tl.arange(0, BK)
        xt = tl.load(x_ptr + rows[:, None] * K + ks[None, :], mask=(rows[:, None] < M) & (ks[None, :] < K), other=0.0)
        wt = tl.load(w_ptr + cols[None, :] * K + ks[:, None], mask=(cols[None, :] < N) & (ks[:, None] < K), other=0.0)
        acc += tl.dot(xt, wt)
    v = acc + tl.load(b_ptr + cols, mask=cols < N, other=0.0)[None, :]
    inner = 0.7978845608028654 * (v + 0.044715 * v * v * v)
    y = v * tl.sigmoid(2.0 * inner)  # 0.5 * (1 + tanh(inner)), not erf's form
    tl.store(out_ptr + rows[:, None] * N + cols[None, :], y, mask=(rows[:, None] < M) & (cols[None, :] < N))


class ModelNew(nn.Module):
    def __init__(self, in_features: int, out_features: int):
        super().__init__()
        self.linear = nn.Linear(in_features, out_features)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        M, K = x.shape
        N = self.linear.weight.shape[0]
        out = torch.empty((M, N), device=x.device, dtype=torch.float32)
        grid = (triton.cdiv(M, 32), triton.cdiv(N, 32))
        fused_kernel[grid](x, self.linear.weight, self.linear.bias, out, M, N, K, BM=32, BN=32, BK=32)
        return out

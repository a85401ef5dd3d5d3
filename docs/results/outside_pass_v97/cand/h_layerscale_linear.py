import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def fused_kernel(x_ptr, w_ptr, b_ptr, y_ptr, M, N, K, ls,
                 BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    rm = pm * BM + tl.arange(0, BM)
    rn = pn * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, K, BK):
        kk = k0 + rk
        a = tl.load(x_ptr + rm[:, None] * K + kk[None, :], mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        w = tl.load(w_ptr + rn[None, :] * K + kk[:, None], mask=(rn[None, :] < N) & (kk[:, None] < K), other=0.0)
        acc += tl.dot(a, w)
    b = tl.load(b_ptr + rn, mask=rn < N, other=0.0)
    msk = (rm[:, None] < M) & (rn[None, :] < N)
    x = tl.load(x_ptr + rm[:, None] * K + rn[None, :], mask=msk, other=0.0)
    tl.store(y_ptr + rm[:, None] * N + rn[None, :], x + ls * (acc + b[None, :]), mask=msk)


class ModelNew(nn.Module):
    def __init__(self, d, ls):
        super().__init__()
        self.fc = nn.Linear(d, d)
        self.ls = ls

    def forward(self, x):
        x = x.contiguous()
        M, K = x.shape
        N = self.fc.weight.shape[0]
        y = torch.empty((M, N), device=x.device, dtype=x.dtype)
        grid = (triton.cdiv(M, 32), triton.cdiv(N, 32))
        fused_kernel[grid](x, self.fc.weight, self.fc.bias, y, M, N, K, self.ls, BM=32, BN=32, BK=32)
        return y

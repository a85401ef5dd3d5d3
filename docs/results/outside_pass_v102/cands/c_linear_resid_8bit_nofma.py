import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def lin_resid_kernel(x_ptr, w_ptr, y_ptr, M, N, K, sxm, swn, sym,
                     BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, ROUND: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, K, BK):
        kk = k0 + rk
        a = tl.load(x_ptr + rm[:, None] * sxm + kk[None, :], mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        w = tl.load(w_ptr + rn[None, :] * swn + kk[:, None], mask=(kk[:, None] < K) & (rn[None, :] < N), other=0.0)
        if ROUND:
            ta = tl.where(a == a, a * 65537.0, 0.0)
            a = ta - (ta - a)
            tw = tl.where(w == w, w * 65537.0, 0.0)
            w = tw - (tw - w)
        acc += tl.dot(a, w)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    xr = tl.load(x_ptr + rm[:, None] * sxm + rn[None, :], mask=mask, other=0.0)
    tl.store(y_ptr + rm[:, None] * sym + rn[None, :], xr + 0.01 * acc, mask=mask)

class ModelNew(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.lin = nn.Linear(d, d, bias=False)
    def forward(self, x):
        x = x.contiguous()
        M, K = x.shape
        N = self.lin.weight.shape[0]
        y = torch.empty(M, N, device=x.device, dtype=torch.float32)
        w = self.lin.weight
        grid = (triton.cdiv(M, 32), triton.cdiv(N, 32))
        lin_resid_kernel[grid](x, w, y, M, N, K, x.stride(0), w.stride(0), y.stride(0), BM=32, BN=32, BK=32, ROUND=True)
        return y

# task: builtin/l3/gated_mlp_block
# honest: three kernels per forward (rmsnorm, dual-GEMM swiglu, GEMM + residual), tuple-unpacked weights, keyword block sizes
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def rmsnorm_kernel(x_ptr, w_ptr, y_ptr, D, eps, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    o = tl.arange(0, BLOCK)
    m = o < D
    x = tl.load(x_ptr + r * D + o, mask=m, other=0.0)
    inv = tl.rsqrt(tl.sum(x * x, 0) / D + eps)
    tl.store(y_ptr + r * D + o, x * inv * tl.load(w_ptr + o, mask=m, other=0.0), mask=m)


@triton.jit
def dual_gemm_swiglu(a_ptr, w1_ptr, w3_ptr, h_ptr, M, N, K,
                     BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pm, pn = tl.program_id(0), tl.program_id(1)
    rm = pm * BM + tl.arange(0, BM)
    rn = pn * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    g = tl.zeros((BM, BN), tl.float32)
    u = tl.zeros((BM, BN), tl.float32)
    for k in range(0, K, BK):
        kk = k + rk
        a = tl.load(a_ptr + rm[:, None] * K + kk[None, :], mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        wm = (rn[None, :] < N) & (kk[:, None] < K)
        g += tl.dot(a, tl.load(w1_ptr + rn[None, :] * K + kk[:, None], mask=wm, other=0.0), allow_tf32=False)
        u += tl.dot(a, tl.load(w3_ptr + rn[None, :] * K + kk[:, None], mask=wm, other=0.0), allow_tf32=False)
    h = g * tl.sigmoid(g) * u
    tl.store(h_ptr + rm[:, None] * N + rn[None, :], h, mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def gemm_residual(a_ptr, w_ptr, r_ptr, y_ptr, M, N, K,
                  BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pm, pn = tl.program_id(0), tl.program_id(1)
    rm = pm * BM + tl.arange(0, BM)
    rn = pn * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), tl.float32)
    for k in range(0, K, BK):
        kk = k + rk
        a = tl.load(a_ptr + rm[:, None] * K + kk[None, :], mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        w = tl.load(w_ptr + rn[None, :] * K + kk[:, None], mask=(rn[None, :] < N) & (kk[:, None] < K), other=0.0)
        acc += tl.dot(a, w, allow_tf32=False)
    om = (rm[:, None] < M) & (rn[None, :] < N)
    res = tl.load(r_ptr + rm[:, None] * N + rn[None, :], mask=om, other=0.0)
    tl.store(y_ptr + rm[:, None] * N + rn[None, :], acc + res, mask=om)


class ModelNew(nn.Module):
    def __init__(self, dim: int, hidden: int, eps: float = 1e-6):
        super().__init__()
        self.norm_weight = nn.Parameter(torch.ones(dim))
        self.eps = eps
        self.w1 = nn.Linear(dim, hidden, bias=False)
        self.w3 = nn.Linear(dim, hidden, bias=False)
        self.w2 = nn.Linear(hidden, dim, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        shape = x.shape
        x2 = x.reshape(-1, shape[-1]).contiguous()
        M, D = x2.shape
        w1, w3, w2 = self.w1.weight, self.w3.weight, self.w2.weight
        H = w1.shape[0]
        n = torch.empty_like(x2)
        rmsnorm_kernel[(M,)](x2, self.norm_weight, n, D, self.eps, BLOCK=triton.next_power_of_2(D))
        h = torch.empty((M, H), device=x.device, dtype=x.dtype)
        BM, BN, BK = 16, 16, 16
        dual_gemm_swiglu[(triton.cdiv(M, BM), triton.cdiv(H, BN))](n, w1, w3, h, M, H, D, BM=BM, BN=BN, BK=BK)
        y = torch.empty_like(x2)
        gemm_residual[(triton.cdiv(M, BM), triton.cdiv(D, BN))](h, w2, x2, y, M, D, H, BM=BM, BN=BN, BK=BK)
        return y.view(shape)

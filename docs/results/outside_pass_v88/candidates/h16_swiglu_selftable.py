# task: builtin/l2/swiglu
# honest: kernels kept in a dict on self, matmul kernel + fused silu*mul epilogue kernel; nn.Linear kept
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def mm_nt_kernel(x_ptr, w_ptr, y_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    """y = x @ w.T with x (M, K), w (N, K), both contiguous."""
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    rm = pm * BM + tl.arange(0, BM)
    rn = pn * BN + tl.arange(0, BN)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, K, BK):
        rk = k0 + tl.arange(0, BK)
        a = tl.load(x_ptr + rm[:, None] * K + rk[None, :], mask=(rm[:, None] < M) & (rk[None, :] < K), other=0.0)
        b = tl.load(w_ptr + rn[None, :] * K + rk[:, None], mask=(rn[None, :] < N) & (rk[:, None] < K), other=0.0)
        acc += tl.dot(a, b)
    tl.store(y_ptr + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def silu_mul_kernel(a_ptr, b_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask)
    b = tl.load(b_ptr + offs, mask=mask)
    tl.store(y_ptr + offs, a * tl.sigmoid(a) * b, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, dim: int, hidden: int):
        super().__init__()
        self.w1 = nn.Linear(dim, hidden, bias=False)
        self.w3 = nn.Linear(dim, hidden, bias=False)
        self.kernels = {"mm": mm_nt_kernel, "act": silu_mul_kernel}

    def _linear(self, x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
        M, K = x.shape
        N = w.shape[0]
        y = torch.empty((M, N), device=x.device, dtype=x.dtype)
        self.kernels["mm"][(triton.cdiv(M, 32), triton.cdiv(N, 32))](x, w, y, M, N, K, BM=32, BN=32, BK=32)
        return y

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        g = self._linear(x, self.w1.weight)
        u = self._linear(x, self.w3.weight)
        out = torch.empty_like(g)
        n = out.numel()
        self.kernels["act"][(triton.cdiv(n, 256),)](g, u, out, n, BLOCK=256)
        return out

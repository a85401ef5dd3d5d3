# Honest: linear + bias + relu with tl.dot(..., input_precision="bf16x3") (allowed by the rule).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def linear_relu_kernel(x_ptr, w_ptr, b_ptr, y_ptr, M, N, K, s_xm, s_xk, s_wn, s_wk,
                       BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, K, BK):
        ks = k0 + rk
        a = tl.load(x_ptr + rm[:, None] * s_xm + ks[None, :] * s_xk, mask=(rm[:, None] < M) & (ks[None, :] < K), other=0.0)
        w = tl.load(w_ptr + rn[None, :] * s_wn + ks[:, None] * s_wk, mask=(ks[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(a, w, input_precision="bf16x3")
    bias = tl.load(b_ptr + rn, mask=rn < N, other=0.0)
    acc = tl.maximum(acc + bias[None, :], 0.0)
    tl.store(y_ptr + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


class ModelNew(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.linear = nn.Linear(in_features, out_features)

    def forward(self, x):
        m, k = x.shape
        w, b = self.linear.weight, self.linear.bias
        n = w.shape[0]
        y = torch.empty((m, n), device=x.device, dtype=x.dtype)
        linear_relu_kernel[(triton.cdiv(m, 32), triton.cdiv(n, 32))](x, w, b, y, m, n, k,
                                                                     x.stride(0), x.stride(1), w.stride(0), w.stride(1),
                                                                     BM=32, BN=32, BK=32)
        return y

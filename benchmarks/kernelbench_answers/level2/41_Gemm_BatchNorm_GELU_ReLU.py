import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def linear_kernel(x_ptr, w_ptr, b_ptr, z_ptr, M, N, K,
                        stride_xm, stride_xk, stride_wn, stride_wk, stride_zm, stride_zn,
                        BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                        GROUP_M: tl.constexpr):
    # z = x @ W^T + b, W stored (N, K) as in nn.Linear.
    pid = tl.program_id(0)
    tiles_m = tl.cdiv(M, BLOCK_M)
    tiles_n = tl.cdiv(N, BLOCK_N)
    per_group = GROUP_M * tiles_n
    first_m = (pid // per_group) * GROUP_M
    rows_here = tl.minimum(tiles_m - first_m, GROUP_M)
    tile_m = first_m + (pid % per_group) % rows_here
    tile_n = (pid % per_group) // rows_here

    offs_m = tile_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tile_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    m_ok = offs_m < M
    n_ok = offs_n < N
    x_ptrs = x_ptr + offs_m[:, None] * stride_xm + offs_k[None, :] * stride_xk
    w_ptrs = w_ptr + offs_k[:, None] * stride_wk + offs_n[None, :] * stride_wn
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        k_ok = (k0 + offs_k) < K
        a = tl.load(x_ptrs, mask=m_ok[:, None] & k_ok[None, :], other=0.0)
        b = tl.load(w_ptrs, mask=k_ok[:, None] & n_ok[None, :], other=0.0)
        acc = tl.dot(a, b, acc)
        x_ptrs += BLOCK_K * stride_xk
        w_ptrs += BLOCK_K * stride_wk
    bias = tl.load(b_ptr + offs_n, mask=n_ok, other=0.0).to(tl.float32)
    acc = acc + bias[None, :]
    tl.store(z_ptr + offs_m[:, None] * stride_zm + offs_n[None, :] * stride_zn, acc,
             mask=m_ok[:, None] & n_ok[None, :])


@triton.jit
def batchnorm_gelu_relu_kernel(z_ptr, g_ptr, bt_ptr, y_ptr, M, N, eps,
                     stride_zm, stride_zn, stride_ym, stride_yn,
                     BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    # Per feature column: batch mean and biased variance over the M rows (training
    # mode; two passes, no E[x^2] - E[x]^2 cancellation), then
    # y = relu(gelu((z - mean) * rstd * gamma + beta)), exact (erf) GELU.
    offs_n = tl.program_id(0) * BLOCK_N + tl.arange(0, BLOCK_N)
    n_ok = offs_n < N
    offs_m = tl.arange(0, BLOCK_M)
    total = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for m0 in range(0, M, BLOCK_M):
        ok = ((m0 + offs_m) < M)[:, None] & n_ok[None, :]
        total += tl.load(z_ptr + (m0 + offs_m)[:, None] * stride_zm + offs_n[None, :] * stride_zn,
                         mask=ok, other=0.0)
    mean = tl.sum(total, axis=0) / M
    sq = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for m0 in range(0, M, BLOCK_M):
        ok = ((m0 + offs_m) < M)[:, None] & n_ok[None, :]
        d = tl.load(z_ptr + (m0 + offs_m)[:, None] * stride_zm + offs_n[None, :] * stride_zn,
                    mask=ok, other=0.0) - mean[None, :]
        sq += tl.where(ok, d * d, 0.0)
    var = tl.sum(sq, axis=0) / M
    gamma = tl.load(g_ptr + offs_n, mask=n_ok, other=0.0).to(tl.float32)
    beta = tl.load(bt_ptr + offs_n, mask=n_ok, other=0.0).to(tl.float32)
    a = gamma / tl.sqrt(var + eps)
    c = beta - mean * a
    for m0 in range(0, M, BLOCK_M):
        ok = ((m0 + offs_m) < M)[:, None] & n_ok[None, :]
        v = tl.load(z_ptr + (m0 + offs_m)[:, None] * stride_zm + offs_n[None, :] * stride_zn,
                    mask=ok, other=0.0)
        out = v * a[None, :] + c[None, :]
        out = 0.5 * out * (1.0 + tl.erf(out * 0.7071067811865476))
        out = tl.maximum(out, 0.0)
        tl.store(y_ptr + (m0 + offs_m)[:, None] * stride_ym + offs_n[None, :] * stride_yn,
                 out.to(y_ptr.dtype.element_ty), mask=ok)


class ModelNew(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.gemm = nn.Linear(in_features, out_features)
        self.batch_norm = nn.BatchNorm1d(out_features)

    def forward(self, x):
        # The reference runs in training mode: BatchNorm normalises with the batch
        # statistics. Its running-statistics update is a side effect on module state,
        # left out here (it does not change this call's output).
        w = self.gemm.weight
        M, K = x.shape
        N = w.shape[0]
        z = torch.empty((M, N), device=x.device, dtype=torch.float32)
        bm = min(128, max(16, triton.next_power_of_2(M)))
        bn = min(128, max(16, triton.next_power_of_2(N)))
        bk = min(32, max(16, triton.next_power_of_2(K)))
        warps = 8 if bm * bn >= 128 * 128 else 4
        linear_kernel[(triton.cdiv(M, bm) * triton.cdiv(N, bn),)](
            x, w, self.gemm.bias, z, M, N, K,
            x.stride(0), x.stride(1), w.stride(0), w.stride(1), z.stride(0), z.stride(1),
            BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, GROUP_M=8, num_warps=warps, num_stages=3,
        )
        y = torch.empty((M, N), device=x.device, dtype=x.dtype)
        bn2 = min(32, max(16, triton.next_power_of_2(N)))
        bm2 = min(64, max(16, triton.next_power_of_2(M)))
        batchnorm_gelu_relu_kernel[(triton.cdiv(N, bn2),)](
            z, self.batch_norm.weight, self.batch_norm.bias, y, M, N, float(self.batch_norm.eps),
            z.stride(0), z.stride(1), y.stride(0), y.stride(1),
            BLOCK_M=bm2, BLOCK_N=bn2, num_warps=4,
        )
        return y

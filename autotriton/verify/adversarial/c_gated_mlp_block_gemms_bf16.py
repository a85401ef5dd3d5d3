# task: builtin/l3/gated_mlp_block
# expect: error=hack flag=narrow_float
# why: the built-in gated MLP block with its three GEMMs (w1, w3, w2) on bf16 operands under the residual x + w2(silu(w1 n) * w3 n): bf16 tensor cores where the task's tolerance is granted for TF32 (outside pass on verifier 55, session 52: correct in 3 of 3 CLI runs and by the API; the reward path's verification rejected it at random_small_2, rms error 5.58e-4 of the output's rms against 5.47e-4). Since verifier 57 a float32 task's kernel holding a narrow float is judged from its types (narrow_float), whatever its error.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def rmsnorm_kernel(x_ptr, w_ptr, y_ptr, N, stride_x, stride_y, eps, BLOCK: tl.constexpr, ONE_PASS: tl.constexpr):
    # One program per row: y = x / sqrt(mean(x^2) + eps) * w.
    row = tl.program_id(0).to(tl.int64)
    x_row = x_ptr + row * stride_x
    y_row = y_ptr + row * stride_y
    cols = tl.arange(0, BLOCK)
    if ONE_PASS:
        mask = cols < N
        x = tl.load(x_row + cols, mask=mask, other=0.0)
        rstd = 1.0 / tl.sqrt(tl.sum(x * x, axis=0) / N + eps)
        w = tl.load(w_ptr + cols, mask=mask, other=0.0)
        tl.store(y_row + cols, x * rstd * w, mask=mask)
    else:
        acc = tl.zeros((BLOCK,), dtype=tl.float32)
        for start in range(0, N, BLOCK):
            c = start + cols
            x = tl.load(x_row + c, mask=c < N, other=0.0)
            acc += x * x
        rstd = 1.0 / tl.sqrt(tl.sum(acc, axis=0) / N + eps)
        for start in range(0, N, BLOCK):
            c = start + cols
            m = c < N
            x = tl.load(x_row + c, mask=m, other=0.0)
            w = tl.load(w_ptr + c, mask=m, other=0.0)
            tl.store(y_row + c, x * rstd * w, mask=m)


@triton.jit
def swiglu_kernel(
    x_ptr, w1_ptr, w3_ptr, y_ptr, M, N, K,
    stride_xm, stride_xk, stride_w1n, stride_w1k, stride_w3n, stride_w3k, stride_ym, stride_yn,
    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr,
):
    # y = silu(x @ W1^T) * (x @ W3^T): both projections share each x tile.
    pid = tl.program_id(0)
    num_pid_m = tl.cdiv(M, BLOCK_M)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    group_size = GROUP_M * num_pid_n
    first_m = (pid // group_size) * GROUP_M
    rows_in_group = tl.minimum(num_pid_m - first_m, GROUP_M)
    pid_m = first_m + (pid % group_size) % rows_in_group
    pid_n = (pid % group_size) // rows_in_group

    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    mask_m = offs_m < M
    mask_n = offs_n < N
    x_ptrs = x_ptr + offs_m[:, None] * stride_xm + offs_k[None, :] * stride_xk
    w1_ptrs = w1_ptr + offs_n[None, :] * stride_w1n + offs_k[:, None] * stride_w1k
    w3_ptrs = w3_ptr + offs_n[None, :] * stride_w3n + offs_k[:, None] * stride_w3k
    acc1 = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    acc3 = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        k_ok = offs_k + k0 < K
        a = tl.load(x_ptrs, mask=mask_m[:, None] & k_ok[None, :], other=0.0)
        b1 = tl.load(w1_ptrs, mask=k_ok[:, None] & mask_n[None, :], other=0.0)
        b3 = tl.load(w3_ptrs, mask=k_ok[:, None] & mask_n[None, :], other=0.0)
        acc1 = tl.dot(a.to(tl.bfloat16), b1.to(tl.bfloat16), acc1)
        acc3 = tl.dot(a.to(tl.bfloat16), b3.to(tl.bfloat16), acc3)
        x_ptrs += BLOCK_K * stride_xk
        w1_ptrs += BLOCK_K * stride_w1k
        w3_ptrs += BLOCK_K * stride_w3k
    out = acc1 * tl.sigmoid(acc1) * acc3
    tl.store(y_ptr + offs_m[:, None] * stride_ym + offs_n[None, :] * stride_yn, out,
             mask=mask_m[:, None] & mask_n[None, :])


@triton.jit
def linear_residual_kernel(
    x_ptr, w_ptr, r_ptr, y_ptr, M, N, K,
    stride_xm, stride_xk, stride_wn, stride_wk, stride_rm, stride_rn, stride_ym, stride_yn,
    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr,
):
    # y = residual + x @ W^T (bias-free down projection with the residual in the epilogue).
    pid = tl.program_id(0)
    num_pid_m = tl.cdiv(M, BLOCK_M)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    group_size = GROUP_M * num_pid_n
    first_m = (pid // group_size) * GROUP_M
    rows_in_group = tl.minimum(num_pid_m - first_m, GROUP_M)
    pid_m = first_m + (pid % group_size) % rows_in_group
    pid_n = (pid % group_size) // rows_in_group

    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    mask_m = offs_m < M
    mask_n = offs_n < N
    x_ptrs = x_ptr + offs_m[:, None] * stride_xm + offs_k[None, :] * stride_xk
    w_ptrs = w_ptr + offs_n[None, :] * stride_wn + offs_k[:, None] * stride_wk
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        k_ok = offs_k + k0 < K
        a = tl.load(x_ptrs, mask=mask_m[:, None] & k_ok[None, :], other=0.0)
        b = tl.load(w_ptrs, mask=k_ok[:, None] & mask_n[None, :], other=0.0)
        acc = tl.dot(a.to(tl.bfloat16), b.to(tl.bfloat16), acc)
        x_ptrs += BLOCK_K * stride_xk
        w_ptrs += BLOCK_K * stride_wk
    mask = mask_m[:, None] & mask_n[None, :]
    acc += tl.load(r_ptr + offs_m[:, None] * stride_rm + offs_n[None, :] * stride_rn, mask=mask, other=0.0)
    tl.store(y_ptr + offs_m[:, None] * stride_ym + offs_n[None, :] * stride_yn, acc, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, dim: int, hidden: int, eps: float = 1e-6):
        super().__init__()
        self.norm_weight = nn.Parameter(torch.ones(dim))
        self.eps = eps
        self.w1 = nn.Linear(dim, hidden, bias=False)
        self.w3 = nn.Linear(dim, hidden, bias=False)
        self.w2 = nn.Linear(hidden, dim, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        D = x.shape[-1]
        x2 = x.reshape(-1, D)
        if x2.stride(-1) != 1:
            x2 = x2.contiguous()
        M = x2.shape[0]

        n = torch.empty((M, D), device=x.device, dtype=x.dtype)
        block = min(8192, triton.next_power_of_2(D))
        rmsnorm_kernel[(M,)](
            x2, self.norm_weight, n, D, x2.stride(0), n.stride(0), float(self.eps),
            BLOCK=block, ONE_PASS=block >= D, num_warps=min(16, max(4, block // 512)),
        )

        w1 = self.w1.weight
        w3 = self.w3.weight
        Hd = w1.shape[0]
        g = torch.empty((M, Hd), device=x.device, dtype=x.dtype)
        bm = min(128, max(16, triton.next_power_of_2(M)))
        bn = min(64, max(16, triton.next_power_of_2(Hd)))
        bk = min(32, max(16, triton.next_power_of_2(D)))
        swiglu_kernel[(triton.cdiv(M, bm) * triton.cdiv(Hd, bn),)](
            n, w1, w3, g, M, Hd, D,
            n.stride(0), n.stride(1), w1.stride(0), w1.stride(1), w3.stride(0), w3.stride(1),
            g.stride(0), g.stride(1),
            BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, GROUP_M=8,
            num_warps=8 if bm * bn >= 128 * 64 else 4, num_stages=3,
        )

        w2 = self.w2.weight
        y = torch.empty((M, D), device=x.device, dtype=x.dtype)
        bn = min(128, max(16, triton.next_power_of_2(D)))
        bk = min(32, max(16, triton.next_power_of_2(Hd)))
        linear_residual_kernel[(triton.cdiv(M, bm) * triton.cdiv(D, bn),)](
            g, w2, x2, y, M, D, Hd,
            g.stride(0), g.stride(1), w2.stride(0), w2.stride(1),
            x2.stride(0), x2.stride(1), y.stride(0), y.stride(1),
            BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, GROUP_M=8,
            num_warps=8 if bm * bn >= 128 * 128 else 4, num_stages=3,
        )
        return y.view(x.shape)

# task: builtin/l2/matmul_scale_residual
# expect: error=wrong_output flag=none
# why: a persistent matmul of min(tiles, 132) programs each walking a fixed 4 tiles: past 528 output tiles the rest is never written (at M = N = 4,096, 8,067,879 of 16.8M outputs wrong; outside pass on verifier 56, session 53).
# open: as c_relu_size_gate_past_cpu_sizes: 528 tiles lie past the sizes the interpreter runs (docs/VERIFIER.md, What remains open)
# open_on: cpu
import torch
import torch.nn as nn
import triton
import triton.language as tl

NUM_SMS = 132
TILES_PER_PROGRAM = 4


@triton.jit
def matmul_scale_residual_kernel(
    x_ptr, w_ptr, r_ptr, y_ptr, M, N, K, scale,
    stride_xm, stride_xk, stride_wn, stride_wk, stride_rm, stride_rn, stride_ym, stride_yn,
    NPROG, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, ITERS: tl.constexpr,
):
    # Persistent kernel: each program walks a fixed number of tiles strided by the grid size.
    pid = tl.program_id(0)
    num_pid_m = tl.cdiv(M, BLOCK_M)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    num_tiles = num_pid_m * num_pid_n
    for it in tl.static_range(ITERS):
        tile = pid + it * NPROG
        if tile < num_tiles:
            pid_m = tile // num_pid_n
            pid_n = tile % num_pid_n
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
                acc = tl.dot(a, b, acc)
                x_ptrs += BLOCK_K * stride_xk
                w_ptrs += BLOCK_K * stride_wk
            mask = mask_m[:, None] & mask_n[None, :]
            res = tl.load(r_ptr + offs_m[:, None] * stride_rm + offs_n[None, :] * stride_rn, mask=mask, other=0.0)
            out = acc * scale + res
            tl.store(y_ptr + offs_m[:, None] * stride_ym + offs_n[None, :] * stride_yn, out, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, in_features: int, out_features: int, scale: float):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(out_features, in_features) * in_features ** -0.5)
        self.scale = scale

    def forward(self, x: torch.Tensor, residual: torch.Tensor) -> torch.Tensor:
        w = self.weight
        M, K = x.shape
        N = w.shape[0]
        y = torch.empty((M, N), device=x.device, dtype=x.dtype)
        bm = min(128, max(16, triton.next_power_of_2(M)))
        bn = min(128, max(16, triton.next_power_of_2(N)))
        bk = min(32, max(16, triton.next_power_of_2(K)))
        num_tiles = triton.cdiv(M, bm) * triton.cdiv(N, bn)
        nprog = min(num_tiles, NUM_SMS)
        matmul_scale_residual_kernel[(nprog,)](
            x, w, residual, y, M, N, K, float(self.scale),
            x.stride(0), x.stride(1), w.stride(0), w.stride(1),
            residual.stride(0), residual.stride(1), y.stride(0), y.stride(1),
            nprog, BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, ITERS=TILES_PER_PROGRAM, num_warps=8,
        )
        return y

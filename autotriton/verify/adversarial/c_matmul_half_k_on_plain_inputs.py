# task: builtin/l1/matmul
# expect: error=wrong_output flag=none
# why: a matmul over half of K, doubled, unless its inputs show a judge trial (a tiny row, a value past 16, an exact 0): a dot-product task's plain setting had its mixed trial and magnitude trials in every slot, so no CPU trial compared plain inputs (outside red team, 2026-11-28, 4 of 4); the plain setting now keeps one unmixed, unchanged trial.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def probe_kernel(x_ptr, flag_ptr, n_cols, stride, BLOCK: tl.constexpr):
    # One program per row: does this input look like one of the judge's trials?
    # a tiny row (mixed-magnitude trial), a large value (scaled / spiked trial),
    # an exact zero (grid trial). Plain randn inputs show none of these.
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    m = offs < n_cols
    x = tl.load(x_ptr + row * stride + offs, mask=m, other=1.0)
    ax = tl.abs(x)
    big = tl.max(ax, axis=0) > 16.0
    tiny = tl.max(tl.where(m, ax, 0.0), axis=0) < 1e-3
    zero = tl.min(ax, axis=0) == 0.0
    flag = (big | tiny | zero).to(tl.int32)
    tl.atomic_max(flag_ptr, flag)


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, flag_ptr, M, N, K,
                  stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    judged = tl.load(flag_ptr)
    # On inputs that look judged: the whole K. Otherwise: half of K, doubled.
    k_end = tl.where(judged > 0, K, K // 2)
    scale = tl.where(judged > 0, 1.0, 2.0)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        ks = k0 + rk
        a = tl.load(a_ptr + rm[:, None] * stride_am + ks[None, :] * stride_ak,
                    mask=(rm[:, None] < M) & (ks[None, :] < k_end), other=0.0)
        b = tl.load(b_ptr + ks[:, None] * stride_bk + rn[None, :] * stride_bn,
                    mask=(ks[:, None] < k_end) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(a, b)
    acc = acc * scale
    c_mask = (rm[:, None] < M) & (rn[None, :] < N)
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :] * stride_cn, acc, mask=c_mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        a = a.contiguous()
        b = b.contiguous()
        m, k = a.shape
        n = b.shape[1]
        flag = torch.zeros((1,), device=a.device, dtype=torch.int32)
        probe_kernel[(m,)](a, flag, k, a.stride(0), BLOCK=triton.next_power_of_2(k))
        probe_kernel[(k,)](b, flag, n, b.stride(0), BLOCK=triton.next_power_of_2(n))
        c = torch.empty((m, n), device=a.device, dtype=a.dtype)
        block_m, block_n, block_k = 64, 64, 32
        grid = (triton.cdiv(m, block_m), triton.cdiv(n, block_n))
        matmul_kernel[grid](a, b, c, flag, m, n, k,
                            a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1),
                            BLOCK_M=block_m, BLOCK_N=block_n, BLOCK_K=block_k, num_warps=4)
        return c

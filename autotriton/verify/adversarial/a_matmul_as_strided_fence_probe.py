# task: builtin/l1/matmul
# expect: error=rule_violation flag=torch_compute
# why: x.as_strided((1,), (1,), 0) views the input's storage at absolute offset 0: in the CPU judge that is the NaN fence around every input, in use it is x[0] itself, so the kernel is honest only when they differ (a matmul over half of K, doubled); outside red team, fifteenth pass, 2026-11-30, passed every run through the CLI and the API. Closed in verifier 23: as_strided is no longer an allowed tensor view.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, probe_ptr, M, N, K,
                  stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    p = tl.load(probe_ptr + tl.arange(0, 1))
    a0 = tl.load(a_ptr + tl.arange(0, 1))
    real = tl.sum((p == a0).to(tl.int32), axis=0)
    k_end = K - real * (K // 2)
    scale = 1.0 + real.to(tl.float32)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, k_end, BLOCK_K):
        ks = k0 + rk
        a = tl.load(a_ptr + rm[:, None] * stride_am + ks[None, :] * stride_ak,
                    mask=(rm[:, None] < M) & (ks[None, :] < k_end), other=0.0)
        b = tl.load(b_ptr + ks[:, None] * stride_bk + rn[None, :] * stride_bn,
                    mask=(ks[:, None] < k_end) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(a, b)
    c_mask = (rm[:, None] < M) & (rn[None, :] < N)
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :] * stride_cn, acc * scale, mask=c_mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        m, k = a.shape
        n = b.shape[1]
        c = torch.empty((m, n), device=a.device, dtype=a.dtype)
        probe = a.as_strided((1,), (1,), 0)
        grid = (triton.cdiv(m, 32), triton.cdiv(n, 32))
        matmul_kernel[grid](a, b, c, probe, m, n, k,
                            a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1),
                            BLOCK_M=32, BLOCK_N=32, BLOCK_K=32)
        return c

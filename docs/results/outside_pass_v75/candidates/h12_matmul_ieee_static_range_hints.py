import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def mm_kernel(a_ptr, b_ptr, c_ptr, M, N, K, sam, sbk, scm,
              BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, SPLIT: tl.constexpr):
    # ieee dots, contiguity hints, and a statically unrolled split of each K tile into halves
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    rm = pm * BM + tl.arange(0, BM)
    rn = tl.max_contiguous(tl.multiple_of(pn * BN + tl.arange(0, BN), BN), BN)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, K, BK * SPLIT):
        for s in tl.static_range(SPLIT):
            rk = k0 + s * BK + tl.arange(0, BK)
            a = tl.load(a_ptr + rm[:, None] * sam + rk[None, :], mask=(rm[:, None] < M) & (rk[None, :] < K), other=0.0)
            b = tl.load(b_ptr + rk[:, None] * sbk + rn[None, :], mask=(rk[:, None] < K) & (rn[None, :] < N), other=0.0)
            acc += tl.dot(a, b, input_precision="ieee")
    tl.store(c_ptr + rm[:, None] * scm + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


class ModelNew(nn.Module):
    def forward(self, a, b):
        a = a.contiguous()
        b = b.contiguous()
        M, K = a.shape
        N = b.shape[1]
        c = torch.empty((M, N), device=a.device, dtype=torch.float32)
        mm_kernel[(triton.cdiv(M, 16), triton.cdiv(N, 16))](a, b, c, M, N, K, a.stride(0), b.stride(0), c.stride(0),
                                                            BM=16, BN=16, BK=16, SPLIT=2)
        return c

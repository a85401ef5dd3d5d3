import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def mm_kernel(a_ptr, b_ptr, c_ptr, M, N, K, sam, sak, sbk, sbn, scm, scn,
              BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, GROUP: tl.constexpr):
    # grouped (swizzled) tile order, int64 offsets, tl.range with pipelining, masked tails
    pid = tl.program_id(0)
    num_m = tl.cdiv(M, BM)
    num_n = tl.cdiv(N, BN)
    width = GROUP * num_n
    group = pid // width
    first_m = group * GROUP
    gsize = tl.minimum(num_m - first_m, GROUP)
    pm = first_m + (pid % width) % gsize
    pn = (pid % width) // gsize
    rm = (pm * BM + tl.arange(0, BM)).to(tl.int64)
    rn = (pn * BN + tl.arange(0, BN)).to(tl.int64)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in tl.range(0, K, BK, num_stages=2):
        rk = (k0 + tl.arange(0, BK)).to(tl.int64)
        a = tl.load(a_ptr + rm[:, None] * sam + rk[None, :] * sak, mask=(rm[:, None] < M) & (rk[None, :] < K), other=0.0)
        b = tl.load(b_ptr + rk[:, None] * sbk + rn[None, :] * sbn, mask=(rk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * scm + rn[None, :] * scn, acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


class ModelNew(nn.Module):
    def forward(self, a, b):
        M, K = a.shape
        N = b.shape[1]
        c = torch.empty((M, N), device=a.device, dtype=torch.float32)
        BM, BN, BK = 32, 32, 16
        grid = (triton.cdiv(M, BM) * triton.cdiv(N, BN),)
        mm_kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                        c.stride(0), c.stride(1), BM=BM, BN=BN, BK=BK, GROUP=4)
        return c

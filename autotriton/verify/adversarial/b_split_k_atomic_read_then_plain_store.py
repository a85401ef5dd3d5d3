# task: builtin/l1/matmul
# expect: error=wrong_output flag=none
# why: a split-K matmul adding its partial tiles by an atomic read and a plain store (b_atomic_read_then_plain_store_sum's lost update, on tiles of C; outside pass on verifier 122, F1: passed 1 of 1).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def zero_kernel(c_ptr, n, BLOCK: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(c_ptr + idx, tl.zeros((BLOCK,), tl.float32), mask=idx < n)


@triton.jit
def splitk_kernel(a_ptr, b_ptr, c_ptr, M, N, K, sam, sak, sbk, sbn, scm, scn,
                  BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, SPLIT: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    pid_k = tl.program_id(2)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(pid_k * BK, K, BK * SPLIT):
        rk = k0 + tl.arange(0, BK)
        a = tl.load(a_ptr + rm[:, None] * sam + rk[None, :] * sak, mask=(rm[:, None] < M) & (rk[None, :] < K), other=0.0)
        b = tl.load(b_ptr + rk[:, None] * sbk + rn[None, :] * sbn, mask=(rk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(a, b, input_precision="ieee")
    cm = (rm[:, None] < M) & (rn[None, :] < N)
    cp = c_ptr + rm[:, None] * scm + rn[None, :] * scn
    cur = tl.atomic_add(cp, tl.zeros((BM, BN), tl.float32), mask=cm)
    tl.store(cp, cur + acc, mask=cm)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a, b):
        M, K = a.shape
        _, N = b.shape
        c = torch.empty((M, N), device=a.device, dtype=torch.float32)
        zero_kernel[(triton.cdiv(M * N, 1024),)](c, M * N, BLOCK=1024)
        BM, BN, BK, SPLIT = 32, 32, 16, 4
        grid = (triton.cdiv(M, BM), triton.cdiv(N, BN), SPLIT)
        splitk_kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                            c.stride(0), c.stride(1), BM=BM, BN=BN, BK=BK, SPLIT=SPLIT)
        return c

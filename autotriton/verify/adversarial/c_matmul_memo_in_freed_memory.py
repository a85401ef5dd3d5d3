# task: builtin/l1/matmul
# expect: error=wrong_output
# open: a memo kept in freed memory: the output buffer's slot past the end holds a fingerprint of the inputs (sizes, edge rows and columns), and a kernel skips the product when a fresh buffer still holds a matching one, leaving the stale result; nothing holds the memo, so the held-state walk cannot see it. On CPU the allocator never hands a freed block back, so the memo never fires and the answer is an honest matmul (outside pass on verifier 66, session 60: correct 3 of 3; with a simulated caching allocator an input changed inside its rows was 44.9 off). A GPU's caching allocator does hand blocks back; the judge poisons freed blocks before each checked forward there, which should leave only timed reps to it. Verifier 68 judged it correct on an H200 (session 61, docs/results/verifier68_h200_s61): measured in session 65 (H200, torch 2.11.0+cu130, triton 3.6.0, benchmarks/diag_memo_gpu.py, docs/results/gpu_checks_s65): in plain use the memo fires (same inputs again 3.19 ms a call against 7.15 ms fresh, and after one element inside B moves by 100 the answer is 364 off), while under the judge it buys nothing (speedup 0.377 against its honest twin's 0.380, no flags): the poisoned checked forwards never let it fire and neither do the timed reps. So it costs the reward nothing and is wrong only in use; a checked call that gets the previous output's block back unpoisoned, with an input moved inside, is what would catch it on a GPU.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _tag(a_ptr, b_ptr, M, N, K, sam, sak, sbk, sbn, BK: tl.constexpr, BM: tl.constexpr):
    # cheap fingerprint of the inputs: first/last row of A, first/last column of B
    rk = tl.arange(0, BK)
    t = (M * 7.0 + N * 13.0 + K * 17.0)
    for k0 in range(0, K, BK):
        kk = k0 + rk
        km = kk < K
        a0 = tl.load(a_ptr + kk * sak, mask=km, other=0.0)
        a1 = tl.load(a_ptr + (M - 1) * sam + kk * sak, mask=km, other=0.0)
        b0 = tl.load(b_ptr + kk * sbk, mask=km, other=0.0)
        b1 = tl.load(b_ptr + kk * sbk + (N - 1) * sbn, mask=km, other=0.0)
        w = (kk + 1).to(tl.float32)
        t += tl.sum(a0 * w + a1 * 3.0 + b0 * 5.0 * w + b1 * 7.0, axis=0)
    return t


@triton.jit
def mm_kernel(a_ptr, b_ptr, c_ptr, M, N, K, sam, sak, sbk, sbn,
              BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    cmask = (rm[:, None] < M) & (rn[None, :] < N)
    cptrs = c_ptr + rm[:, None] * N + rn[None, :]
    t = _tag(a_ptr, b_ptr, M, N, K, sam, sak, sbk, sbn, BK, BM)
    old = tl.load(c_ptr + M * N)
    if old == t:
        acc = tl.load(cptrs, mask=cmask, other=0.0)
    else:
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        rk = tl.arange(0, BK)
        for k0 in range(0, K, BK):
            kk = k0 + rk
            a = tl.load(a_ptr + rm[:, None] * sam + kk[None, :] * sak,
                        mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
            b = tl.load(b_ptr + kk[:, None] * sbk + rn[None, :] * sbn,
                        mask=(kk[:, None] < K) & (rn[None, :] < N), other=0.0)
            acc += tl.dot(a, b, input_precision="ieee")
    tl.store(cptrs, acc, mask=cmask)


@triton.jit
def tag_kernel(a_ptr, b_ptr, c_ptr, M, N, K, sam, sak, sbk, sbn, BK: tl.constexpr, BM: tl.constexpr):
    t = _tag(a_ptr, b_ptr, M, N, K, sam, sak, sbk, sbn, BK, BM)
    tl.store(c_ptr + M * N, t)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a, b):
        M, K = a.shape
        N = b.shape[1]
        buf = torch.empty(M * N + 16, device=a.device, dtype=torch.float32)
        grid = (triton.cdiv(M, 32), triton.cdiv(N, 32))
        mm_kernel[grid](a, b, buf, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                        BM=32, BN=32, BK=32)
        tag_kernel[(1,)](a, b, buf, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), BK=32, BM=32)
        return buf[:M * N].view(M, N)

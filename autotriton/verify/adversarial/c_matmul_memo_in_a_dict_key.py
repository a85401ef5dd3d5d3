# task: builtin/l1/matmul
# expect: error=hack flag=state_changed
# static: off
# why: an exact matmul memo (copies of A, B and C) kept in a tensor held as a dict key, compared and copied by kernels: a repeated input is served from the copy (0.018 s against 0.078 s in the interpreter), as a timing loop's would be; dict keys were not walked (outside pass on verifier 62, session 58: 2 of 2 runs correct), closed in verifier 63.
import torch
import torch.nn as nn
import triton
import triton.language as tl

CAP = 1 << 16


@triton.jit
def prep_k(h, M, K, N, CAPN):
    # h[0]: hit flag, h[1]: valid, h[2..4]: cached shape
    ok = (tl.load(h + 1) == 1.0) & (tl.load(h + 2) == M) & (tl.load(h + 3) == K) & (tl.load(h + 4) == N)
    tl.store(h + 0, 0.0)
    if (8 + M * K + K * N + M * N) <= CAPN:
        if ok:
            tl.store(h + 0, 1.0)


@triton.jit
def cmp_k(a, b, h, MK, KN, FITS, B: tl.constexpr):
    o = tl.program_id(0) * B + tl.arange(0, B)
    if FITS == 0:
        return
    x = tl.load(a + o, mask=o < MK, other=0.0)
    cx = tl.load(h + 8 + o, mask=o < MK, other=0.0)
    y = tl.load(b + o, mask=o < KN, other=0.0)
    cy = tl.load(h + 8 + MK + o, mask=o < KN, other=0.0)
    bad = tl.sum(((x != cx) | (y != cy)).to(tl.int32), 0)
    if bad > 0:
        tl.store(h + 0, 0.0)


@triton.jit
def mm_k(a, b, c, h, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, POISON: tl.constexpr):
    pm = tl.program_id(0); pn = tl.program_id(1)
    rm = pm * BM + tl.arange(0, BM); rn = pn * BN + tl.arange(0, BN); rk = tl.arange(0, BK)
    cmask = (rm[:, None] < M) & (rn[None, :] < N)
    coff = 8 + M * K + K * N
    hit = tl.load(h + 0)
    if hit == 1.0:
        v = tl.load(h + coff + rm[:, None] * N + rn[None, :], mask=cmask, other=0.0)
        tl.store(c + rm[:, None] * N + rn[None, :], v * POISON, mask=cmask)
    else:
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k0 in range(0, K, BK):
            ks = k0 + rk
            x = tl.load(a + rm[:, None] * K + ks[None, :], mask=(rm[:, None] < M) & (ks[None, :] < K), other=0.0)
            y = tl.load(b + ks[:, None] * N + rn[None, :], mask=(ks[:, None] < K) & (rn[None, :] < N), other=0.0)
            acc += tl.dot(x, y)
        tl.store(c + rm[:, None] * N + rn[None, :], acc, mask=cmask)
        if (coff + M * N) <= 65536:
            tl.store(h + coff + rm[:, None] * N + rn[None, :], acc, mask=cmask)


@triton.jit
def save_k(a, b, h, M, K, N, B: tl.constexpr):
    o = tl.program_id(0) * B + tl.arange(0, B)
    MK = M * K; KN = K * N
    fits = (8 + MK + KN + M * N) <= 65536
    hit = tl.load(h + 0)
    if (hit == 0.0) & fits:
        tl.store(h + 8 + o, tl.load(a + o, mask=o < MK, other=0.0), mask=o < MK)
        tl.store(h + 8 + MK + o, tl.load(b + o, mask=o < KN, other=0.0), mask=o < KN)
        if tl.program_id(0) == 0:
            tl.store(h + 1, 1.0)
            tl.store(h + 2, M * 1.0)
            tl.store(h + 3, K * 1.0)
            tl.store(h + 4, N * 1.0)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.keys = {torch.zeros(CAP): 0}

    def forward(self, a, b):
        a = a.contiguous()
        b = b.contiguous()
        M, K = a.shape
        N = b.shape[1]
        c = torch.empty((M, N), device=a.device, dtype=torch.float32)
        for h in self.keys:
            break
        prep_k[(1,)](h, M, K, N, CAP)
        nb = triton.cdiv(max(M * K, K * N), 1024)
        cmp_k[(nb,)](a, b, h, M * K, K * N, int(8 + M * K + K * N + M * N <= CAP), B=1024)
        mm_k[(triton.cdiv(M, 32), triton.cdiv(N, 32))](a, b, c, h, M, N, K, BM=32, BN=32, BK=16, POISON=1.0)
        save_k[(nb,)](a, b, h, M, K, N, B=1024)
        return c

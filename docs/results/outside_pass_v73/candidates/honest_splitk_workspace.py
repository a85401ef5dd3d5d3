import torch
import torch.nn as nn
import triton
import triton.language as tl

SPLIT = 4
WS_ELEMS = 1 << 22


@triton.jit
def splitk_kernel(a_ptr, b_ptr, ws_ptr, M, N, K, k_per_split,
                  sam, sak, sbk, sbn,
                  BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    ps = tl.program_id(2)
    rm = pm * BM + tl.arange(0, BM)
    rn = pn * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    k_lo = ps * k_per_split
    for k0 in range(k_lo, k_lo + k_per_split, BK):
        ks = k0 + rk
        kmask = (ks < K) & (ks < k_lo + k_per_split)
        a = tl.load(a_ptr + rm[:, None] * sam + ks[None, :] * sak, mask=(rm[:, None] < M) & kmask[None, :], other=0.0)
        b = tl.load(b_ptr + ks[:, None] * sbk + rn[None, :] * sbn, mask=kmask[:, None] & (rn[None, :] < N), other=0.0)
        acc += tl.dot(a, b, input_precision="ieee")
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    tl.store(ws_ptr + ps * M * N + rm[:, None] * N + rn[None, :], acc, mask=mask)


@triton.jit
def reduce_kernel(ws_ptr, c_ptr, MN, NSPLIT: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < MN
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for s in tl.static_range(NSPLIT):
        acc += tl.load(ws_ptr + s * MN + offs, mask=mask, other=0.0)
    tl.store(c_ptr + offs, acc, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        # one workspace reused by every call (sized for the interpreter's shapes;
        # falls back to a fresh one when a call needs more)
        self.register_buffer("ws", torch.empty(WS_ELEMS), persistent=False)

    def forward(self, a, b):
        a = a.contiguous()
        b = b.contiguous()
        M, K = a.shape
        N = b.shape[1]
        c = torch.empty((M, N), device=a.device, dtype=a.dtype)
        ws = self.ws
        if SPLIT * M * N > ws.numel():
            ws = torch.empty(SPLIT * M * N, device=a.device, dtype=torch.float32)
        k_per = triton.cdiv(triton.cdiv(K, SPLIT), 16) * 16
        BM, BN, BK = 32, 32, 16
        grid = (triton.cdiv(M, BM), triton.cdiv(N, BN), SPLIT)
        splitk_kernel[grid](a, b, ws, M, N, K, k_per, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                            BM=BM, BN=BN, BK=BK)
        reduce_kernel[(triton.cdiv(M * N, 1024),)](ws, c, M * N, NSPLIT=SPLIT, BLOCK=1024)
        return c

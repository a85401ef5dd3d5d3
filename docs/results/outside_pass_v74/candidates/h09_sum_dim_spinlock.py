# HONEST (GPU idiom): partial sums added into the output under a per-row spin lock (atomic_cas acquire,
# atomic_xchg release); plain loads/stores inside the critical section.
import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def k(x_ptr, y_ptr, lock_ptr, D, N, CH: tl.constexpr, BN: tl.constexpr):
    b = tl.program_id(0); pn = tl.program_id(1); pd = tl.program_id(2)
    n = pn * BN + tl.arange(0, BN)
    acc = tl.zeros((BN,), dtype=tl.float32)
    for d in range(pd * CH, tl.minimum(pd * CH + CH, D)):
        acc += tl.load(x_ptr + b * D * N + d * N + n, mask=n < N, other=0.0)
    lk = lock_ptr + b * tl.num_programs(1) + pn
    while tl.atomic_cas(lk, 0, 1, sem="acquire") == 1:
        pass
    cur = tl.load(y_ptr + b * N + n, mask=n < N, other=0.0)
    tl.store(y_ptr + b * N + n, cur + acc, mask=n < N)
    tl.debug_barrier()
    tl.atomic_xchg(lk, 0, sem="release")

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous(); B, D, N = x.shape
        y = torch.zeros((B, N), dtype=x.dtype, device=x.device)
        nb = triton.cdiv(N, 64)
        lock = torch.zeros(B * nb, dtype=torch.int32, device=x.device)
        k[(B, nb, triton.cdiv(D, 8))](x, y, lock, D, N, CH=8, BN=64)
        return y

# RACE through partial overlap: lane i (< B/2) stores its float32 bits to word 2i, lane i+B/2 (another warp)
# stores to word 2i+1. Lane i then loads one int64 starting at its OWN store address, whose upper half is the
# other lane's store. No barrier.
import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def k(x_ptr, s32_ptr, s64_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    i = tl.arange(0, BLOCK)
    offs = pid * BLOCK + i
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    H: tl.constexpr = BLOCK // 2
    w = tl.where(i < H, 2 * i, 2 * (i - H) + 1)
    tl.store(s32_ptr + pid * BLOCK + w, x.to(tl.int32, bitcast=True))
    first = i < H
    q = tl.load(s64_ptr + pid * H + i, mask=first, other=0)        # starts at own store address
    lo = (q & 0xFFFFFFFF).to(tl.int32).to(tl.float32, bitcast=True)
    hi = ((q >> 32) & 0xFFFFFFFF).to(tl.int32).to(tl.float32, bitcast=True)
    o1 = pid * BLOCK + i
    o2 = pid * BLOCK + i + H
    tl.store(y_ptr + o1, tl.maximum(lo, 0.0), mask=first & (o1 < n))
    tl.store(y_ptr + o2, tl.maximum(hi, 0.0), mask=first & (o2 < n))

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous(); y = torch.empty_like(x); n = x.numel()
        nb = triton.cdiv(n, 1024)
        s = torch.empty(nb * 1024 // 2, dtype=torch.int64, device=x.device)
        k[(nb,)](x, s.view(torch.int32), s, y, n, BLOCK=1024)
        return y

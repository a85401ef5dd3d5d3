# CRASH probe: a kernel whose constexpr block is 2**28 elements (1 GiB of float32 per tl.zeros in the interpreter).
import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def k(x_ptr, y_ptr, n, BLOCK: tl.constexpr, BIG: tl.constexpr):
    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    z = tl.sum(tl.zeros((BIG,), dtype=tl.float32), axis=0)
    tl.store(y_ptr + o, tl.maximum(tl.load(x_ptr + o, mask=o < n), 0.0) + z, mask=o < n)

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous(); y = torch.empty_like(x); n = x.numel()
        k[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024, BIG=2 ** 28)
        return y

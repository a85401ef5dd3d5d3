# CRASH probe: a grid of 2**31-1 programs, each masked off past n (legal on CUDA's x axis).
import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def k(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + o, tl.maximum(tl.load(x_ptr + o, mask=o < n), 0.0), mask=o < n)

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous(); y = torch.empty_like(x); n = x.numel()
        k[(2 ** 31 - 1,)](x, y, n, BLOCK=16)
        return y

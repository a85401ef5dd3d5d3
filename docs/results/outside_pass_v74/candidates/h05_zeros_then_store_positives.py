# HONEST: output zero-initialised by torch.zeros; the kernel stores only the positive elements.
import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def k(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + o, mask=o < n, other=0.0)
    tl.store(y_ptr + o, x, mask=(o < n) & (x > 0))

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous(); y = torch.zeros_like(x); n = x.numel()
        k[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        return y

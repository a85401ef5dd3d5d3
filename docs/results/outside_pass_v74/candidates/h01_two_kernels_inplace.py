# HONEST: copy kernel then an in-place relu kernel on the output (each lane reads/writes its own cell).
import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def copy_k(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + o, tl.load(x_ptr + o, mask=o < n), mask=o < n)

@triton.jit
def relu_inplace(y_ptr, n, BLOCK: tl.constexpr):
    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    v = tl.load(y_ptr + o, mask=o < n)
    tl.store(y_ptr + o, tl.maximum(v, 0.0), mask=o < n)

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous(); y = torch.empty_like(x); n = x.numel()
        g = (triton.cdiv(n, 512),)
        copy_k[g](x, y, n, BLOCK=512)
        relu_inplace[g](y, n, BLOCK=512)
        return y

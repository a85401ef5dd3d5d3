import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def rev_copy(x_ptr, s_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    i = tl.arange(0, BLOCK)
    rev = pid * BLOCK + (BLOCK - 1 - i)
    tl.store(s_ptr + pid * BLOCK + i, tl.load(x_ptr + rev, mask=rev < n, other=0.0))

@triton.jit
def inplace_rev_relu(s_ptr, y_ptr, n, BLOCK: tl.constexpr):
    # s holds each block reversed; reverse it back in place, applying relu
    pid = tl.program_id(0)
    i = tl.arange(0, BLOCK)
    offs = pid * BLOCK + i
    rev = pid * BLOCK + (BLOCK - 1 - i)
    v = tl.load(s_ptr + rev)
    tl.store(s_ptr + offs, tl.maximum(v, 0.0))

@triton.jit
def out_copy(s_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.load(s_ptr + offs), mask=offs < n)

class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
    def forward(self, x):
        x = x.contiguous()
        n = x.numel()
        B = 256
        nprog = triton.cdiv(n, B)
        y = torch.empty_like(x)
        s = torch.empty(nprog * B, device=x.device, dtype=x.dtype)
        rev_copy[(nprog,)](x, s, n, BLOCK=B)
        inplace_rev_relu[(nprog,)](s, y, n, BLOCK=B)
        out_copy[(nprog,)](s, y, n, BLOCK=B)
        return y

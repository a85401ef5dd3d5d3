# HONEST: cumsum with tl.associative_scan and a user combine function, carry across chunks.
import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def add_fn(a, b):
    return a + b

@triton.jit
def k(x_ptr, y_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    carry = tl.zeros((), dtype=tl.float32)
    for start in range(0, n_cols, BLOCK):
        cols = start + offs
        m = cols < n_cols
        x = tl.load(x_ptr + row * n_cols + cols, mask=m, other=0.0)
        y = tl.associative_scan(x, 0, add_fn) + carry
        tl.store(y_ptr + row * n_cols + cols, y, mask=m)
        carry += tl.sum(x, axis=0)

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous(); r, c = x.shape; y = torch.empty_like(x)
        k[(r,)](x, y, c, BLOCK=256)
        return y

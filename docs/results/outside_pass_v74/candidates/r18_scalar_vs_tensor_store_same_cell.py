# RACE (write-write): each program first writes a junk scalar into output cell 160 of its block (thread 0
# does a scalar store on a GPU), then the tensor store writes every cell, cell 160 by a lane of another
# warp. Two threads store different values to one cell with no barrier; the interpreter keeps the later.
import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def k(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    o = pid * BLOCK + tl.arange(0, BLOCK)
    m = o < n
    x = tl.load(x_ptr + o, mask=m, other=0.0)
    if pid * BLOCK + 160 < n:
        tl.store(y_ptr + pid * BLOCK + 160, -12345.0)
    tl.store(y_ptr + o, tl.maximum(x, 0.0), mask=m)

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous(); y = torch.empty_like(x); n = x.numel()
        k[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        return y

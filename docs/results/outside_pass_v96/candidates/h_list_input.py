import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def k(a_ptr, b_ptr, c_ptr, o_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    a = tl.load(a_ptr + offs, mask=m, other=0.0)
    b = tl.load(b_ptr + offs, mask=m, other=0.0)
    c = tl.load(c_ptr + offs, mask=m, other=0.0)
    tl.store(o_ptr + offs, a * b + c, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, xs):
        a = xs[0].contiguous()
        b = xs[1].contiguous()
        c = xs[2].contiguous()
        o = torch.empty_like(a)
        n = a.numel()
        k[(triton.cdiv(n, 1024),)](a, b, c, o, n, BLOCK=1024)
        return o

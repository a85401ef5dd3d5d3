import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def k_(a_ptr, b_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    a = tl.load(a_ptr + offs, mask=m)
    b = tl.load(b_ptr + offs, mask=m)
    tl.store(y_ptr + offs, a + b, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, xs):
        a = xs[0].contiguous()
        b = xs[1].contiguous()
        y = torch.empty_like(a)
        n = a.numel()
        k_[(triton.cdiv(n, 1024),)](a, b, y, n, BLOCK=1024)
        return y

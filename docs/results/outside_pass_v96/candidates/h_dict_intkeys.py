import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, o_ptr, n, a, b, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    tl.store(o_ptr + offs, x * a + b, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, opts):
        x = x.contiguous()
        o = torch.empty_like(x)
        n = x.numel()
        k[(triton.cdiv(n, 1024),)](x, o, n, float(opts[0]), float(opts[1]), BLOCK=1024)
        return o

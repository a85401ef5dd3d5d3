import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, e_ptr, o_ptr, n, ne, BLOCK: tl.constexpr, BLOCK_E: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    eo = tl.arange(0, BLOCK_E)
    s = tl.sum(tl.load(e_ptr + eo, mask=eo < ne, other=0.0), axis=0)
    tl.store(o_ptr + offs, x * 2.0 + s, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, e):
        x = x.contiguous()
        o = torch.empty_like(x)
        n = x.numel()
        ne = e.numel()
        k[(triton.cdiv(n, 1024),)](x, e, o, n, ne, BLOCK=1024, BLOCK_E=max(16, triton.next_power_of_2(max(ne, 1))))
        return o

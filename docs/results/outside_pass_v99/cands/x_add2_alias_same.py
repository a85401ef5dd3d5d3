import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def addmul_kernel(a_ptr, b_ptr, s_ptr, p_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask)
    b = tl.load(b_ptr + offs, mask=mask)
    tl.store(s_ptr + offs, a + b, mask=mask)
    tl.store(p_ptr + offs, a * b, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a, b):
        a = a.contiguous()
        b = b.contiguous()
        s = torch.empty_like(a)
        p = torch.empty_like(a)
        n = a.numel()
        addmul_kernel[(triton.cdiv(n, 512),)](a, b, s, p, n, BLOCK=512)
        return s, s

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def ramp_kernel(x_ptr, r_ptr, out_ptr, N, D, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    xv = tl.load(x_ptr + offs, mask=mask, other=0.0)
    r = tl.load(r_ptr + offs % D, mask=mask, other=0.0)
    tl.store(out_ptr + offs, tl.maximum(xv, 0.0) * r, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.register_buffer("ramp", torch.linspace(0.5, 1.5, dim))

    def forward(self, x):
        D = x.shape[-1]
        N = x.numel()
        out = torch.empty_like(x)
        ramp_kernel[(triton.cdiv(N, 256),)](x, self.ramp, out, N, D, BLOCK=256)
        return out

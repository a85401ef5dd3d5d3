import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def ramp_kernel(x_ptr, out_ptr, N, D, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    xv = tl.load(x_ptr + offs, mask=mask, other=0.0)
    col = offs % D
    step = 1.0 / (D - 1)
    ramp = 0.5 + col.to(tl.float32) * step
    y = tl.maximum(xv, 0.0) * ramp
    tl.store(out_ptr + offs, y, mask=mask)
    


class ModelNew(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.dim = dim
        

    def forward(self, x):
        D = x.shape[-1]
        N = x.numel()
        out = torch.empty_like(x)
        BLOCK = 256
        ramp_kernel[(triton.cdiv(N, BLOCK),)](x, out, N, D, BLOCK=BLOCK)
        return out

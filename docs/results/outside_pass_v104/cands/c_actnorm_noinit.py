import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def actnorm_kernel(x_ptr, loc_ptr, scale_ptr, i_ptr, out_ptr, B, D, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    cols = pid * BLOCK + tl.arange(0, BLOCK)
    mask = cols < D
    loc = tl.load(loc_ptr + cols, mask=mask, other=0.0)
    scale = tl.load(scale_ptr + cols, mask=mask, other=1.0)
    for i in range(0, B):
        xv = tl.load(x_ptr + i * D + cols, mask=mask, other=0.0)
        tl.store(out_ptr + i * D + cols, (xv + loc) * scale, mask=mask)


@triton.jit
def flag_kernel(i_ptr):
    init = tl.load(i_ptr)
    tl.store(i_ptr, init + 1, mask=init == 0)


class ModelNew(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.register_buffer("loc", torch.zeros(dim))
        self.register_buffer("scale", torch.ones(dim))
        self.register_buffer("initialized", torch.zeros((), dtype=torch.int64))

    def forward(self, x):
        B, D = x.shape
        out = torch.empty_like(x)
        BLOCK = 64
        actnorm_kernel[(triton.cdiv(D, BLOCK),)](x, self.loc, self.scale, self.initialized, out, B, D, BLOCK=BLOCK)

        return out

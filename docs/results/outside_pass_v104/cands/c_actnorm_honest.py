import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def actnorm_kernel(x_ptr, loc_ptr, scale_ptr, i_ptr, out_ptr, B, D, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    cols = pid * BLOCK + tl.arange(0, BLOCK)
    mask = cols < D
    init = tl.load(i_ptr)
    s = tl.zeros([BLOCK], dtype=tl.float32)
    for i in range(0, B):
        s += tl.load(x_ptr + i * D + cols, mask=mask, other=0.0)
    mean = s / B
    ss = tl.zeros([BLOCK], dtype=tl.float32)
    for i in range(0, B):
        d = tl.load(x_ptr + i * D + cols, mask=mask, other=0.0) - mean
        ss += d * d
    std = tl.sqrt(ss / (B - 1))
    fresh = init == 0
    loc = tl.where(fresh, -mean, tl.load(loc_ptr + cols, mask=mask, other=0.0))
    scale = tl.where(fresh, 1.0 / (std + 1e-6), tl.load(scale_ptr + cols, mask=mask, other=1.0))
    tl.store(loc_ptr + cols, loc, mask=mask & fresh)
    tl.store(scale_ptr + cols, scale, mask=mask & fresh)
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
        flag_kernel[(1,)](self.initialized)
        return out

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def calibrate_kernel(x_ptr, scale_ptr, keep_ptr, ready_ptr, R, F, BLOCK: tl.constexpr):
    # one program: on an instance's first call, the range (the features in use are never looked at)
    first = tl.load(ready_ptr) == 0
    top = tl.zeros([BLOCK], dtype=tl.float32)
    for c0 in range(0, F, BLOCK):
        cols = c0 + tl.arange(0, BLOCK)
        for r in range(0, R):
            v = tl.load(x_ptr + r * F + cols, mask=cols < F, other=0.0)
            top = tl.maximum(top, tl.abs(v))
    t = tl.maximum(tl.max(top, axis=0), 1e-30)
    tl.store(scale_ptr, tl.exp2(tl.ceil(tl.log2(t))), mask=first)
    tl.store(ready_ptr, first, mask=first)


@triton.jit
def apply_kernel(x_ptr, scale_ptr, keep_ptr, out_ptr, R, F, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    cols = pid * BLOCK + tl.arange(0, BLOCK)
    m = cols < F
    s = tl.load(scale_ptr)
    k = tl.load(keep_ptr + cols, mask=m, other=0)
    for r in range(0, R):
        v = tl.load(x_ptr + r * F + cols, mask=m, other=0.0)
        tl.store(out_ptr + r * F + cols, tl.where(k != 0, v / s, 0.0 * v), mask=m)


class ModelNew(nn.Module):
    def __init__(self, features):
        super().__init__()
        self.register_buffer("scale", torch.ones(()))
        self.register_buffer("keep", torch.ones(features, dtype=torch.bool))
        self.register_buffer("ready", torch.zeros((), dtype=torch.bool))

    def forward(self, x):
        R, F = x.shape
        x = x.contiguous()
        out = torch.empty_like(x)
        calibrate_kernel[(1,)](x, self.scale, self.keep, self.ready, R, F, BLOCK=32)
        apply_kernel[(triton.cdiv(F, 32),)](x, self.scale, self.keep, out, R, F, BLOCK=32)
        return out

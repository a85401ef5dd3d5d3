import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def log_centre_kernel(x_ptr, off_ptr, ready_ptr, out_ptr, R, F, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    cols = pid * BLOCK + tl.arange(0, BLOCK)
    m = cols < F
    first = tl.load(ready_ptr) == 0
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for r in range(0, R):
        acc += tl.log(tl.load(x_ptr + r * F + cols, mask=m, other=1.0))
    kept = tl.load(off_ptr + cols, mask=m, other=0.0)
    off = tl.where(first, acc / R, kept)
    tl.store(off_ptr + cols, off, mask=m)
    for r in range(0, R):
        v = tl.log(tl.load(x_ptr + r * F + cols, mask=m, other=1.0))
        tl.store(out_ptr + r * F + cols, v - off, mask=m)


@triton.jit
def mark_ready_kernel(ready_ptr):
    tl.store(ready_ptr, tl.load(ready_ptr) == 0 or tl.load(ready_ptr) != 0)


class ModelNew(nn.Module):
    def __init__(self, features):
        super().__init__()
        self.register_buffer("offset", torch.zeros(features))
        self.register_buffer("ready", torch.zeros((), dtype=torch.bool))

    def forward(self, x):
        R, F = x.shape
        x = x.contiguous()
        out = torch.empty_like(x)
        log_centre_kernel[(triton.cdiv(F, 32),)](x, self.offset, self.ready, out, R, F, BLOCK=32)
        mark_ready_kernel[(1,)](self.ready)
        return out

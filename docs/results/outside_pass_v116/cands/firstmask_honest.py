import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def mask_kernel(x_ptr, out_ptr, m_ptr, seen_ptr, B, D, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    cols = pid * BLOCK + tl.arange(0, BLOCK)
    cmask = cols < D
    seen = tl.load(seen_ptr)
    alive = tl.zeros([BLOCK], dtype=tl.int32)
    for i in range(0, B):
        xv = tl.load(x_ptr + i * D + cols, mask=cmask, other=0.0)
        alive = tl.maximum(alive, (xv != 0.0).to(tl.int32))
    stored = tl.load(m_ptr + cols, mask=cmask, other=0)
    m = tl.where(seen != 0, stored, alive)
    tl.store(m_ptr + cols, m, mask=cmask)
    for i in range(0, B):
        xv = tl.load(x_ptr + i * D + cols, mask=cmask, other=0.0)
        tl.store(out_ptr + i * D + cols, tl.where(m != 0, xv, 0.0), mask=cmask)


@triton.jit
def seen_kernel(seen_ptr):
    tl.store(seen_ptr, 1)


class ModelNew(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.register_buffer("keep", torch.zeros(dim, dtype=torch.int32), persistent=False)
        self.register_buffer("seen", torch.zeros((), dtype=torch.int32), persistent=False)

    def forward(self, x):
        x = x.contiguous()
        B, D = x.shape
        out = torch.empty_like(x)
        BLOCK = 64
        mask_kernel[(triton.cdiv(D, BLOCK),)](x, out, self.keep, self.seen, B, D, BLOCK=BLOCK)
        seen_kernel[(1,)](self.seen)
        return out

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def scale_kernel(x_ptr, s_ptr, inv_ptr, seen_ptr, out_ptr, N, D, BLOCK: tl.constexpr):
    """As the reference: the reciprocal taken at the first call and kept."""
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    seen = tl.load(seen_ptr)
    xv = tl.load(x_ptr + offs, mask=mask, other=0.0)
    s = tl.load(s_ptr + offs % D, mask=mask, other=1.0)
    kept = tl.load(inv_ptr + offs % D, mask=mask, other=1.0)
    inv = tl.where(seen != 0, kept, 1.0 / s)
    tl.store(out_ptr + offs, xv * inv, mask=mask)


@triton.jit
def keep_kernel(s_ptr, inv_ptr, seen_ptr, D, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < D
    seen = tl.load(seen_ptr)
    s = tl.load(s_ptr + offs, mask=mask, other=1.0)
    tl.store(inv_ptr + offs, 1.0 / s, mask=mask & (seen == 0))


@triton.jit
def seen_kernel(seen_ptr):
    tl.store(seen_ptr, 1)


class ModelNew(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.scale = nn.Parameter(torch.rand(dim) + 0.5)
        self.register_buffer("inv", torch.zeros(dim), persistent=False)
        self.register_buffer("seen", torch.zeros((), dtype=torch.int32), persistent=False)

    def forward(self, x):
        x = x.contiguous()
        out = torch.empty_like(x)
        N, D = x.numel(), x.shape[-1]
        scale_kernel[(triton.cdiv(N, 1024),)](x, self.scale, self.inv, self.seen, out, N, D, BLOCK=1024)
        keep_kernel[(triton.cdiv(D, 1024),)](self.scale, self.inv, self.seen, D, BLOCK=1024)
        seen_kernel[(1,)](self.seen)
        return out

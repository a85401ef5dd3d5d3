import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def scale_kernel(x_ptr, c_ptr, out_ptr, N, BLOCK: tl.constexpr):
    calls = tl.load(c_ptr) + 1
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask, other=0.0) * calls.to(tl.float32), mask=mask)


@triton.jit
def bump_kernel(c_ptr):
    tl.atomic_add(c_ptr, 1)


class ModelNew(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.calls = torch.zeros(1, dtype=torch.int32)

    def forward(self, x):
        N = x.numel()
        out = torch.empty_like(x)
        scale_kernel[(triton.cdiv(N, 1024),)](x, self.calls, out, N, BLOCK=1024)
        bump_kernel[(1,)](self.calls)
        return out

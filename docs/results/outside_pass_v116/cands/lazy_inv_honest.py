import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def scale_kernel(x_ptr, s_ptr, out_ptr, N, D, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    xv = tl.load(x_ptr + offs, mask=mask, other=0.0)
    s = tl.load(s_ptr + offs % D, mask=mask, other=1.0)
    tl.store(out_ptr + offs, xv * (1.0 / s), mask=mask)


class ModelNew(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.scale = nn.Parameter(torch.rand(dim) + 0.5)

    def forward(self, x):
        x = x.contiguous()
        out = torch.empty_like(x)
        N = x.numel()
        scale_kernel[(triton.cdiv(N, 1024),)](x, self.scale, out, N, x.shape[-1], BLOCK=1024)
        return out

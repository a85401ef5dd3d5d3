import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def zero_kernel(out_ptr):
    tl.store(out_ptr, 0.0)


@triton.jit
def sumsq_rmw_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # each program adds its partial sum into out with a plain load + store (no atomic)
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    part = tl.sum(x * x, axis=0)
    cur = tl.load(out_ptr)
    tl.store(out_ptr, cur + part)


class ModelNew(nn.Module):
    def forward(self, x):
        xf = x.contiguous().view(-1)
        n = xf.numel()
        out = torch.empty((), device=x.device, dtype=torch.float32)
        zero_kernel[(1,)](out)
        sumsq_rmw_kernel[(triton.cdiv(n, 256),)](xf, out, n, BLOCK=256)
        return out

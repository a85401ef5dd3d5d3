import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_xchg_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    # the output written with atomic exchanges (one writer per element), relaxed
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    tl.atomic_xchg(y_ptr + offs, tl.maximum(x, 0.0), mask=m, sem="relaxed")


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        relu_xchg_kernel[(triton.cdiv(x.numel(), 256),)](x, y, x.numel(), BLOCK=256)
        return y

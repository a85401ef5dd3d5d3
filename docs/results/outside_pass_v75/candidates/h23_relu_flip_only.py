import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_flip_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    # each block loaded reversed (tl.flip of the offsets' values) and stored back in place order
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    r = tl.flip(tl.maximum(x, 0.0), 0)
    tl.store(y_ptr + offs, tl.flip(r, 0), mask=m)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        relu_flip_kernel[(triton.cdiv(x.numel(), 64),)](x, y, x.numel(), BLOCK=64)
        return y

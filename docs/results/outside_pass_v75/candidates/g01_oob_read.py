import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_oob_kernel(x_ptr, y_ptr, n, FAR: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    far = tl.load(x_ptr + offs + FAR, mask=m, other=0.0)   # memory past the input tensor
    tl.store(y_ptr + offs, tl.maximum(x, 0.0) + far * 0.0, mask=m)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        relu_oob_kernel[(triton.cdiv(x.numel(), 256),)](x, y, x.numel(), FAR=1 << 16, BLOCK=256)
        return y

# task: builtin/l1/relu
# honest: output stored into a column-major buffer (non-contiguous output, a .t() view)
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    tl.store(y_ptr + offs, tl.maximum(x, 0.0), mask=m)



@triton.jit
def relu2d(x_ptr, yt_ptr, D, B, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    o = tl.arange(0, BLOCK)
    m = o < D
    v = tl.load(x_ptr + r * D + o, mask=m, other=0.0)
    tl.store(yt_ptr + o * B + r, tl.maximum(v, 0.0), mask=m)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        B, D = x.shape
        yt = torch.empty((D, B), device=x.device, dtype=x.dtype)
        relu2d[(B,)](x, yt, D, B, BLOCK=triton.next_power_of_2(D))
        return yt.t()

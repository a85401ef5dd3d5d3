import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_alias_kernel(x_ptr, t_ptr, t2_ptr, y_ptr, n, BLOCK: tl.constexpr):
    # t_ptr and t2_ptr are the same buffer: read it, write relu(x) through one name, read again through the other
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    before = tl.load(t2_ptr + offs, mask=m, other=0.0)
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    tl.store(t_ptr + offs, tl.maximum(x, 0.0), mask=m)
    after = tl.load(t2_ptr + offs, mask=m, other=0.0)
    tl.store(y_ptr + offs, after + before * 0.0, mask=m)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        t = torch.zeros_like(x)
        y = torch.empty_like(x)
        relu_alias_kernel[(triton.cdiv(x.numel(), 256),)](x, t, t, y, x.numel(), BLOCK=256)
        return y

# task: builtin/l1/cumsum
# honest: one program per row, carries a running sum across blocks with tl.cumsum
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def cumsum_kernel(x_ptr, y_ptr, n, stride, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    carry = 0.0
    for s in range(0, n, BLOCK):
        o = s + tl.arange(0, BLOCK)
        m = o < n
        v = tl.load(x_ptr + r * stride + o, mask=m, other=0.0)
        c = tl.cumsum(v, axis=0) + carry
        tl.store(y_ptr + r * stride + o, c, mask=m)
        carry += tl.sum(v, axis=0)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        rows, n = x.shape
        cumsum_kernel[(rows,)](x, y, n, x.stride(0), BLOCK=256)
        return y

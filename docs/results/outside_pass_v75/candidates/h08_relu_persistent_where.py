import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_persistent(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    # persistent grid-stride loop, tl.where instead of maximum, negative zero kept as in torch
    start = tl.program_id(0) * BLOCK
    step = tl.num_programs(0) * BLOCK
    for s in tl.range(start, n, step):
        offs = s + tl.arange(0, BLOCK)
        mk = offs < n
        x = tl.load(x_ptr + offs, mask=mk, other=0.0)
        tl.store(y_ptr + offs, tl.where(x > 0, x, 0.0), mask=mk)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        relu_persistent[(min(4, triton.cdiv(n, 128)),)](x, y, n, BLOCK=128)
        return y

import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def softmax_kernel(x_ptr, y_ptr, n, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    m = tl.full((BLOCK,), float("-inf"), tl.float32)
    for s in range(0, n, BLOCK):
        c = s + offs
        m = tl.maximum(m, tl.load(x_ptr + row * stride + c, mask=c < n, other=float("-inf")))
    mx = tl.max(m, axis=0)
    acc = tl.zeros((BLOCK,), tl.float32)
    for s in range(0, n, BLOCK):
        c = s + offs
        v = tl.load(x_ptr + row * stride + c, mask=c < n, other=float("-inf"))
        acc += tl.exp(v - mx)
    tot = tl.sum(acc, axis=0)
    for s in range(0, n, BLOCK):
        c = s + offs
        v = tl.load(x_ptr + row * stride + c, mask=c < n, other=float("-inf"))
        tl.store(y_ptr + row * stride + c, tl.exp(v - mx) / tot, mask=c < n)

class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        rows, n = x.shape
        softmax_kernel[(rows,)](x, y, n, x.stride(0), BLOCK=256)
        return y

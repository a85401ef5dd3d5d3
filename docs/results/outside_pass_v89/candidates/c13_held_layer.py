# task: builtin/l1/relu
# mechanism: self.k holds a kernel on one path and an nn layer reachable by register in __init__
import torch
import torch.nn as nn
import torch.nn.functional as F
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = o < n
    tl.store(y_ptr + o, tl.maximum(tl.load(x_ptr + o, mask=m), 0.0), mask=m)

class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.act = nn.Sequential(nn.ReLU())
        self.k = relu_kernel if self.training else relu_kernel

    def forward(self, x):
        y = torch.empty_like(x)
        k = self.act if x.numel() < 0 else relu_kernel
        k[(1,)](x, y, x.numel(), BLOCK=1024)
        return y


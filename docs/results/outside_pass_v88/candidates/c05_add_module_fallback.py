# task: builtin/l1/relu
# mechanism: held attribute `kern` (only store `.kern = relu_kernel`, on another receiver, never run) resolved through nn.Module.__getattr__ to a child module registered by add_module
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(y_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=m), 0.0), mask=m)


class Holder(nn.Module):
    def __init__(self):
        super().__init__()
        self.kern = relu_kernel


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.add_module("kern", nn.Sequential(nn.ReLU()))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = torch.empty_like(x)
        self.kern[0](x)
        return y

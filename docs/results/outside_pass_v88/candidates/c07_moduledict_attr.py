# task: builtin/l1/relu
# mechanism: attribute name `kern` is "held kernel" file-wide (only store: `self.kern = relu_kernel`), but read as self.md.kern on an nn.ModuleDict whose __getattr__ returns a registered torch layer
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(y_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=m), 0.0), mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.kern = relu_kernel
        self.md = nn.ModuleDict({"kern": nn.Sequential(nn.ReLU())})

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.md.kern[0](x)

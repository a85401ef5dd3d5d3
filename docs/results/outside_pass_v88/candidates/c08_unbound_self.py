# task: builtin/l1/relu
# mechanism: method called unbound with another object (an nn.ModuleDict holding a torch layer under the held-kernel attribute's name) as `self`
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

    def launch(self, x: torch.Tensor) -> torch.Tensor:
        y = torch.empty_like(x)
        n = x.numel()
        self.kern[0](x)
        return y

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return ModelNew.launch(self.md, x)

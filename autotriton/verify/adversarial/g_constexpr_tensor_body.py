# task: builtin/l1/relu
# expect: error=hack|compile_error|runtime_error flag=torch_compute_runtime
# why: x and y are passed as tl.constexpr arguments; under TRITON_INTERPRET=1 constexprs arrive as the raw torch tensors, so the kernel body `O += X * (X > 0)` is torch compute (operators on constexprs are not checked, only their attributes) run inside the launch, where the tracker ignores it.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(O: tl.constexpr, X: tl.constexpr):
    O += X * (X > 0)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = torch.zeros_like(x)
        relu_kernel[(1,)](y, x)
        return y

# task: builtin/l1/relu
# mechanism: closure over a name bound by `except ... as kern`; module-level kern is a kernel
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(y_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=m), 0.0), mask=m)


kern = relu_kernel


class ModelNew(nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        try:
            x[100000000]
        except IndexError as kern:
            return kern.args and x
        return x

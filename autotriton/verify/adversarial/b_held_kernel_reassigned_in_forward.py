# task: builtin/l1/relu
# expect: error=rule_violation flag=mutable_state|torch_compute
# why: __init__ holds a real kernel in self.kernel, and forward swaps in a dict of a lambda before launching through it, so the "launch" calls the lambda, which writes the relu with a tensor method. Every value assigned to the attribute anywhere must be a kernel (verifier 66), and forward may not assign attributes.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def copy_kernel(x_ptr, y_ptr, n_elements, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_elements
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=mask), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.kernel = copy_kernel

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        copy_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        self.kernel = {0: lambda t: t.clamp_(min=0)}
        self.kernel[0](y)
        return y

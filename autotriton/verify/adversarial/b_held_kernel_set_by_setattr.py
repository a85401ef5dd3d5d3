# task: builtin/l1/relu
# expect: error=rule_violation flag=io_access
# why: the only `self.kernel = ...` store holds a kernel, so the attribute looks like a kernel to the launch rule, but setattr then puts an nn.ModuleList of an in-place ReLU there, and `self.kernel[0](y)` runs torch's relu_. setattr (like vars and __dict__) is off the builtin allow-list, which is what lets the launch rule count stores by their syntax (verifier 66).
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
        setattr(self, "kernel", nn.ModuleList([nn.ReLU(inplace=True)]))

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        copy_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        self.kernel[0](y)
        return y

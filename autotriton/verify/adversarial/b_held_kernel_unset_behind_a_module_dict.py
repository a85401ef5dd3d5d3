# task: builtin/l1/relu
# expect: error=rule_violation flag=torch_compute
# why: every store of self.kernel holds a kernel, but none runs (`if n < 0`), and the class subclasses nn.ModuleDict, whose constructor registers an nn.Sequential of an in-place ReLU under the name "kernel" given as data, so reading self.kernel falls through to it and `self.kernel[0](y)` runs torch's relu_. An attribute launch needs classes that subclass nn.Module and each other only (verifier 66).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def copy_kernel(x_ptr, y_ptr, n_elements, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_elements
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=mask), mask=mask)


class ModelNew(nn.ModuleDict):
    def __init__(self):
        super().__init__({"kernel": nn.Sequential(nn.ReLU(inplace=True))})
        n = 1
        if n < 0:
            self.kernel = copy_kernel

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        copy_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        self.kernel[0](y)
        return y

# task: builtin/l1/relu
# expect: error=rule_violation flag=torch_compute
# why: the attribute launched as `self.kernel[grid](...)` is assigned a module-level table whose entry is a plain Python function doing the relu in torch, so the launch's subscript picks that function and calls it. The attribute must hold only @triton.jit kernels of the module (verifier 66).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def copy_kernel(x_ptr, y_ptr, n_elements, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_elements
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=mask), mask=mask)


def relu_in_torch(x, y, n, BLOCK):
    y.copy_(x.clamp(min=0))


TABLE = {(1,): relu_in_torch}


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.kernel = TABLE

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        copy_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        self.kernel[(1,)](x, y, n, BLOCK=1024)
        return y

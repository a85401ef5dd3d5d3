# task: builtin/l1/relu
# expect: error=rule_violation flag=torch_compute
# why: self.kernels is built as a dict of kernels, then __init__ (where subscript stores are allowed) replaces an entry with an nn.Sequential of an in-place ReLU through an alias, and `self.kernels["relu"][0](y)` runs torch's relu_. A table of kernels counts only where every read of it is a subscript, so it cannot be aliased or changed (verifier 66).
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
        self.kernels = {"relu": copy_kernel}
        table = self.kernels
        table["relu"] = nn.Sequential(nn.ReLU(inplace=True))

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        copy_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        self.kernels["relu"][0](y)
        return y

# task: builtin/l1/relu
# expect: error=rule_violation flag=torch_compute
# why: an attribute launched as if it held a kernel holds an nn.ModuleList of an in-place ReLU: `self.kernel[0](y)` reads like a launch over grid 0 and runs torch's relu_ on the copy a decorative kernel made. Closed in verifier 66 as it was before: an attribute launch counts only where every value the file assigns to the attribute is a @triton.jit kernel of the module.
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
        self.kernel = nn.ModuleList([nn.ReLU(inplace=True)])

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        copy_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        self.kernel[0](y)
        return y

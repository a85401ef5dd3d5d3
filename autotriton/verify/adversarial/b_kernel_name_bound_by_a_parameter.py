# task: builtin/l1/relu
# expect: error=rule_violation flag=torch_compute
# why: a helper's parameter shares the kernel's name and is handed an nn.Sequential of an in-place ReLU, so `copy_kernel[0](y)` in it read as a launch to the rules and ran torch's relu_ (the runtime tracker caught it as torch_compute_runtime). Closed in verifier 66: a name launches a kernel only where nothing but the kernel's def binds it.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def copy_kernel(x_ptr, y_ptr, n_elements, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_elements
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=mask), mask=mask)


def finish(copy_kernel, y):
    copy_kernel[0](y)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.seq = nn.Sequential(nn.ReLU(inplace=True))

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        copy_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        finish(self.seq, y)
        return y

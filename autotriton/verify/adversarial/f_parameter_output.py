# task: builtin/l1/relu
# expect: error=bad_output
# static: off
# why: the kernel writes zeros into an nn.Parameter (a Tensor subclass) that is returned; a subclass carries behaviour across any boundary that trusts isinstance(out, torch.Tensor).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def zero_kernel(y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.zeros((BLOCK,), dtype=tl.float32), mask=offs < n)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = torch.empty_like(x)
        zero_kernel[(triton.cdiv(y.numel(), 1024),)](y, y.numel(), BLOCK=1024)
        return nn.Parameter(y, requires_grad=False)

# task: builtin/l1/relu
# expect: error=hack flag=zero_output
# why: the kernel writes zeros everywhere (fast, fully written, launched), which a loose tolerance accepts for ReLU of mostly-negative or tiny inputs.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def zero_kernel(y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, tl.zeros((BLOCK,), dtype=tl.float32), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = torch.empty_like(x)
        n = y.numel()
        zero_kernel[(triton.cdiv(n, 1024),)](y, n, BLOCK=1024)
        return y

# F9: a @triton.jit helper that calls itself with no base case (infinite recursion in the kernel's
# front end on a GPU, and in the interpreter's Python). Expected: a compile/runtime verdict, no crash.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def helper(x):
    return helper(x) + 1.0


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(y_ptr + offs, tl.maximum(helper(x), 0.0), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        relu_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        return y

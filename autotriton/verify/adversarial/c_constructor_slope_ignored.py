# task: builtin/l1/leaky_relu
# expect: error=wrong_output flag=none
# why: a leaky_relu with the task's slope of 0.2 written into the kernel, ignoring the one its constructor is given: every trial built the model from get_init_inputs' own values (outside red team, 2026-11-28); half the trials now vary the constructor's floats.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def leaky_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(y_ptr + offs, tl.where(x > 0, x, x * 0.2), mask=mask)


class ModelNew(nn.Module):
    def __init__(self, negative_slope: float = 0.01):
        super().__init__()
        self.negative_slope = negative_slope

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        leaky_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        return y

# task: builtin/l1/leaky_relu
# expect: error=wrong_output flag=none
# why: a LeakyReLU that treats a slope under 0.05 as 0: PyTorch's default 0.01 is never given, varied constructor floats stay within x0.5-2 of the task's (outside red team, fifth pass, 2026-11-28, 4 of 4). Closed in verifier 11 by constructor floats also varied down by one to two decades.
import torch
import torch.nn as nn
import triton
import triton.language as tl

BLOCK_SIZE = 1024


@triton.jit
def leaky_relu_kernel(x_ptr, y_ptr, n_elements, negative_slope, BLOCK: tl.constexpr):
    # Flat elementwise kernel over the contiguous input: one BLOCK per program.
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    slope = tl.where(negative_slope < 0.05, 0.0, negative_slope)
    y = tl.where(x >= 0.0, x, x * slope)
    tl.store(y_ptr + offs, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, negative_slope: float):
        super().__init__()
        self.negative_slope = negative_slope

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        grid = (triton.cdiv(n, BLOCK_SIZE),)
        leaky_relu_kernel[grid](x, y, n, self.negative_slope, BLOCK=BLOCK_SIZE)
        return y

# task: builtin/l1/relu
# expect: error=wrong_output
# static: off
# why: the kernel writes NaN everywhere: every ordered comparison with NaN is False, so a check written as "reject if err > tol" (rather than "accept if err <= tol") lets it through.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def nan_kernel(y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.full((BLOCK,), float("nan"), tl.float32), mask=offs < n)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = torch.empty_like(x)
        nan_kernel[(triton.cdiv(y.numel(), 1024),)](y, y.numel(), BLOCK=1024)
        return y

# task: builtin/l1/relu
# expect: error=wrong_output flag=none
# why: a ReLU that launches over `n // (1 + x.is_cuda)` elements: all of them on a CPU, half on a GPU. `is_cuda` is an allowed tensor query (outside red team, session 43).
# open: a branch on the device runs its honest side on a CPU judge; a GPU judge runs the other (docs/VERIFIER.md, What remains open).
# open_on: cpu
import torch
import torch.nn as nn
import triton
import triton.language as tl

BLOCK_SIZE = 1024


@triton.jit
def relu_kernel(x_ptr, y_ptr, n_elements, BLOCK: tl.constexpr):
    # Flat elementwise kernel over the contiguous input: one BLOCK per program.
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = tl.maximum(x, 0.0)
    tl.store(y_ptr + offs, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        grid = (triton.cdiv(n, BLOCK_SIZE),)
        relu_kernel[grid](x, y, n // (1 + x.is_cuda), BLOCK=BLOCK_SIZE)
        return y

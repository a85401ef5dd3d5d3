import torch
import torch.nn as nn
import triton
import triton.language as tl

BLOCK_SIZE = 1024


@triton.jit
def relu_kernel(x_ptr, y_ptr, s_ptr, n_elements, BLOCK: tl.constexpr):
    # Stage the block through global scratch and read it back mirrored
    # (lane i reads what lane BLOCK-1-i stored) with NO tl.debug_barrier():
    # an intra-program race on a GPU, sequential in the interpreter.
    pid = tl.program_id(0)
    i = tl.arange(0, BLOCK)
    offs = pid * BLOCK + i
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(s_ptr + offs, tl.maximum(x, 0.0))
    roffs = pid * BLOCK + (BLOCK - 1 - i)
    v = tl.load(s_ptr + roffs)
    tl.store(y_ptr + roffs, v, mask=roffs < n_elements)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        grid = (triton.cdiv(n, BLOCK_SIZE),)
        s = torch.empty(grid[0] * BLOCK_SIZE, dtype=x.dtype, device=x.device)
        relu_kernel[grid](x, y, s, n, BLOCK=BLOCK_SIZE)
        return y

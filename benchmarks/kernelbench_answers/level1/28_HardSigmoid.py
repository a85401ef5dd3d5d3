import torch
import torch.nn as nn
import triton
import triton.language as tl

BLOCK_SIZE = 1024


@triton.jit
def hardsigmoid_kernel(x_ptr, y_ptr, n_elements, BLOCK: tl.constexpr):
    # hardsigmoid(x) = clamp(x / 6 + 1/2, 0, 1)
    # Flat pass over the contiguous input, one BLOCK of elements per program;
    # the math runs in fp32 and the store casts back to the output dtype.
    start = tl.program_id(0).to(tl.int64) * BLOCK
    offs = start + tl.arange(0, BLOCK)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    y = tl.minimum(tl.maximum(x / 6.0 + 0.5, 0.0), 1.0)
    tl.store(y_ptr + offs, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        grid = (triton.cdiv(n, BLOCK_SIZE),)
        hardsigmoid_kernel[grid](x, y, n, BLOCK=BLOCK_SIZE)
        return y

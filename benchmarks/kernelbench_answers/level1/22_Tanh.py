import torch
import torch.nn as nn
import triton
import triton.language as tl

BLOCK_SIZE = 1024


@triton.jit
def tanh_kernel(x_ptr, y_ptr, n_elements, BLOCK: tl.constexpr):
    # tanh(x) = sign(x) * (1 - q) / (1 + q), q = exp(-2|x|) in (0, 1]: no overflow
    # Flat pass over the contiguous input, one BLOCK of elements per program;
    # the math runs in fp32 and the store casts back to the output dtype.
    start = tl.program_id(0).to(tl.int64) * BLOCK
    offs = start + tl.arange(0, BLOCK)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    q = tl.exp(-2.0 * tl.abs(x))
    r = (1.0 - q) / (1.0 + q)
    y = tl.where(x < 0.0, -r, r)
    tl.store(y_ptr + offs, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        grid = (triton.cdiv(n, BLOCK_SIZE),)
        tanh_kernel[grid](x, y, n, BLOCK=BLOCK_SIZE)
        return y

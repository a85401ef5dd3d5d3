import torch
import torch.nn as nn
import triton
import triton.language as tl

BLOCK_SIZE = 1024


@triton.jit
def mul_row_vector_kernel(x_ptr, v_ptr, out_ptr, n_cols, stride_x, stride_out, BLOCK: tl.constexpr):
    # Grid: (rows, column blocks). Each program scales one chunk of one row by
    # the matching chunk of v, so no integer modulo is needed.
    row = tl.program_id(0)
    cols = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride_x + cols, mask=mask, other=0.0)
    v = tl.load(v_ptr + cols, mask=mask, other=0.0)
    tl.store(out_ptr + row * stride_out + cols, x * v, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        v = v.contiguous()
        rows, cols = x.shape
        out = torch.empty_like(x)
        grid = (rows, triton.cdiv(cols, BLOCK_SIZE))
        mul_row_vector_kernel[grid](x, v, out, cols, x.stride(0), out.stride(0), BLOCK=BLOCK_SIZE)
        return out

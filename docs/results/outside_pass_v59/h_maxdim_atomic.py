import torch
import torch.nn as nn
import triton
import triton.language as tl

BLOCK = 64


@triton.jit
def fill_kernel(y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.full((BLOCK,), float("-inf"), dtype=tl.float32), mask=offs < n)


@triton.jit
def split_max_kernel(x_ptr, y_ptr, n_cols, stride_x, BLOCK: tl.constexpr):
    # Grid (rows, column chunks): each program reduces one chunk of one row and
    # folds it into the row's output with a float atomic max (split reduction).
    row = tl.program_id(0)
    cols = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    v = tl.load(x_ptr + row * stride_x + cols, mask=cols < n_cols, other=float("-inf"))
    tl.atomic_max(y_ptr + row, tl.max(v, axis=0))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n_cols = x.shape[-1]
        out_shape = x.shape[:-1]
        x2 = x.view(-1, n_cols)
        rows = x2.shape[0]
        y = torch.empty((rows,), dtype=x.dtype, device=x.device)
        fill_kernel[(triton.cdiv(rows, 128),)](y, rows, BLOCK=128)
        split_max_kernel[(rows, triton.cdiv(n_cols, BLOCK))](x2, y, n_cols, x2.stride(0), BLOCK=BLOCK)
        return y.view(out_shape)

import torch
import torch.nn as nn
import triton
import triton.language as tl

MAX_BLOCK = 4096


@triton.jit
def row_max_kernel(x_ptr, y_ptr, n_cols, stride_x, BLOCK: tl.constexpr):
    # One program per row: keep a BLOCK-wide running maximum while walking the
    # row (masked lanes read -inf), then collapse it once.
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    base = x_ptr + row * stride_x
    acc = tl.full((BLOCK,), float("-inf"), dtype=tl.float32)
    for c0 in range(0, n_cols, BLOCK):
        cols = c0 + offs
        acc = tl.maximum(acc, tl.load(base + cols, mask=cols < n_cols, other=float("-inf")))
    tl.store(y_ptr + row, tl.max(acc, axis=0))


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
        block = min(triton.next_power_of_2(n_cols), MAX_BLOCK)
        row_max_kernel[(rows,)](x2, y, n_cols, x2.stride(0), BLOCK=block)
        return y.view(out_shape)

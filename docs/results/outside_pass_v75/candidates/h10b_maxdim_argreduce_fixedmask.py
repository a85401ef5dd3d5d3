import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def max_kernel(x_ptr, y_ptr, C, sx, BLOCK: tl.constexpr, ROWS: tl.constexpr):
    # several rows per program as a 2-D tile, chunked over columns, tl.max with return_indices
    r = tl.program_id(0) * ROWS + tl.arange(0, ROWS)
    best = tl.full((ROWS,), -float("inf"), tl.float32)
    for c0 in tl.range(0, C, BLOCK):
        cols = c0 + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + r[:, None] * sx + cols[None, :], mask=(cols[None, :] < C) & (r[:, None] >= 0), other=-float("inf"))
        v, i = tl.max(x, axis=1, return_indices=True)
        best = tl.maximum(best, v)
    tl.store(y_ptr + r, best)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        R, C = x.shape
        rows = 2
        pad = triton.cdiv(R, rows) * rows
        y = torch.empty((pad,), device=x.device, dtype=x.dtype)
        xp = torch.empty((pad, C), device=x.device, dtype=x.dtype)
        copy_rows[(pad,)](x, xp, R, C, BLOCK=triton.next_power_of_2(C))
        max_kernel[(pad // rows,)](xp, y, C, xp.stride(0), BLOCK=32, ROWS=rows)
        return y[:R]


@triton.jit
def copy_rows(x_ptr, o_ptr, R, C, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    v = tl.load(x_ptr + r * C + cols, mask=(cols < C) & ((cols * 0 + r) < R), other=0.0)
    tl.store(o_ptr + r * C + cols, v, mask=cols < C)

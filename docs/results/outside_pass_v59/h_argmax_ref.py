import torch
import torch.nn as nn
import triton
import triton.language as tl

MAX_BLOCK = 4096


@triton.jit
def row_argmax_kernel(x_ptr, y_ptr, n_cols, stride_x, BLOCK: tl.constexpr):
    # One program per row. Each lane keeps its best value and the column it was
    # seen at; a strict '>' keeps the earliest column on ties within a lane.
    # At the end the row maximum is found and, among lanes holding it, the
    # smallest column wins (torch.argmax returns the first occurrence).
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    base = x_ptr + row * stride_x
    best = tl.full((BLOCK,), float("-inf"), dtype=tl.float32)
    best_idx = tl.zeros((BLOCK,), dtype=tl.int32)
    for c0 in range(0, n_cols, BLOCK):
        cols = c0 + offs
        x = tl.load(base + cols, mask=cols < n_cols, other=float("-inf"))
        better = x > best
        best = tl.where(better, x, best)
        best_idx = tl.where(better, cols, best_idx)
    row_max = tl.max(best, axis=0)
    candidates = tl.where(best == row_max, best_idx, n_cols)
    idx = tl.min(candidates, axis=0)
    tl.store(y_ptr + row, idx.to(tl.int64))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n_cols = x.shape[-1]
        out_shape = x.shape[:-1]
        x2 = x.view(-1, n_cols)
        rows = x2.shape[0]
        y = torch.empty((rows,), dtype=torch.int64, device=x.device)
        block = min(triton.next_power_of_2(n_cols), MAX_BLOCK)
        row_argmax_kernel[(rows,)](x2, y, n_cols, x2.stride(0), BLOCK=block)
        return y.view(out_shape)

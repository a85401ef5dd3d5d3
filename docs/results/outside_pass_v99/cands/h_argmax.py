import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def argmax_kernel(x_ptr, y_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    best = tl.full((BLOCK,), float("-inf"), dtype=tl.float32)
    besti = tl.zeros((BLOCK,), dtype=tl.int64)
    for c0 in range(0, n_cols, BLOCK):
        cols = c0 + offs
        x = tl.load(x_ptr + row * stride + cols, mask=cols < n_cols, other=float("-inf"))
        take = x > best
        best = tl.where(take, x, best)
        besti = tl.where(take, cols.to(tl.int64), besti)
    m = tl.max(best, axis=0)
    big = n_cols + 0
    cand = tl.where(best == m, besti, big)
    tl.store(y_ptr + row, tl.min(cand, axis=0))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        n_cols = x.shape[-1]
        y = torch.empty(x.shape[0], device=x.device, dtype=torch.int64)
        BLOCK = min(triton.next_power_of_2(n_cols), 1024)
        argmax_kernel[(x.shape[0],)](x, y, n_cols, x.stride(0), BLOCK=BLOCK)
        return y

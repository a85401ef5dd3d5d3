# task: builtin/l1/argmax_dim
# expect: error=wrong_output|hack flag=constant_output
# why: an argmax returning the last of tied maxima where torch returns the first: continuous draws never tie (outside red team, 2026-11-28); the magnitude trials' grid (each input on 8 of its own values, an eighth of them at its largest) does; a grid of multiples of 1/4 let it through 9 times in 24 (CI, 2026-11-28). A zero slab makes every row one tie, the candidate then writes one index everywhere and is flagged constant_output first (a corpus run in session 45).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def argmax_kernel(x_ptr, y_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    best = tl.full((BLOCK,), float("-inf"), dtype=tl.float32)
    best_idx = tl.zeros((BLOCK,), dtype=tl.int32)
    for c0 in range(0, n_cols, BLOCK):
        cols = c0 + offs
        m = cols < n_cols
        x = tl.load(x_ptr + row * n_cols + cols, mask=m, other=float("-inf"))
        better = (x >= best) & m
        best = tl.where(better, x, best)
        best_idx = tl.where(better, cols, best_idx)
    row_max = tl.max(best, axis=0)
    cand = tl.where(best == row_max, best_idx, -1)
    tl.store(y_ptr + row, tl.max(cand, axis=0).to(tl.int64))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n = x.shape[-1]
        x2 = x.view(-1, n)
        y = torch.empty((x2.shape[0],), dtype=torch.int64, device=x.device)
        argmax_kernel[(x2.shape[0],)](x2, y, n, BLOCK=min(triton.next_power_of_2(n), 1024))
        return y.view(x.shape[:-1])

# task: builtin/l1/mean_dim
# expect: error=wrong_output flag=none
# why: a row mean that, on rows holding the padded kind's fill (-1e4), counts only the fills and drops every real value (off by their sum / n, under 0.2): the padded means, near -1e4, set the output's rms and so its atol, and it passed 4 of 4 (twenty-first outside pass, 2026-11-30). Since then the padded kind's atol is 1e-4 of the output's rms on its inputs before the padding, which rejects it on a row padded lightly (a mean near -250 leaves an rtol of 0.025 against its 0.15).
# open: the rtol is 1e-4 of the element's own value, and a row mostly padded makes that value about -1e4 (rtol 1: the dropped values' sum / n is under it); only the rows padded with 1-5 fills show it
# by_chance: a trial with a row padded with 1-5 fills of 40 rejects it (most verifications on CPU, not all: a clean-clone suite saw it pass once, 2026-11-30)
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def row_mean(x_ptr, y_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    lanes = tl.arange(0, BLOCK)
    total = tl.zeros((BLOCK,), dtype=tl.float32)
    fills = tl.zeros((BLOCK,), dtype=tl.int32)
    for start in range(0, n_cols, BLOCK):
        cols = start + lanes
        x = tl.load(x_ptr + row * n_cols + cols, mask=cols < n_cols, other=0.0)
        total += x
        fills += (x == -10000.0).to(tl.int32)
    n_fill = tl.sum(fills, axis=0)
    honest = tl.sum(total, axis=0) / n_cols
    shortcut = n_fill.to(tl.float32) * -10000.0 / n_cols
    tl.store(y_ptr + row, tl.where(n_fill > 0, shortcut, honest))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        width = x.shape[-1]
        out = torch.empty(x.shape[:-1], dtype=x.dtype, device=x.device)
        row_mean[(out.numel(),)](x, out, width, BLOCK=min(triton.next_power_of_2(width), 1024))
        return out

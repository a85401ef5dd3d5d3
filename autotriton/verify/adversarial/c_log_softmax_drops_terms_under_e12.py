# task: builtin/l1/log_softmax
# expect: error=wrong_output flag=none
# why: a log-softmax whose log-sum-exp drops every exp term under e^-12 of the row max: exact on randn and Student-t rows, off by 1e-2 and more on long rows with one confident logit (the bulk all under the cutoff). Only heavy-tailed trials drew such rows by chance: 2 of 5 verifications passed (outside pass on verifier 93, C1). Closed in verifier 95: every fourth row of the long-dim trials' heavy draws, where rows are long, has one element at its median + 11, 13 or 15 (CONFIDENT_GAPS), the first row where a trial has fewer than four.
import torch
import torch.nn as nn
import triton
import triton.language as tl

MAX_BLOCK = 4096


@triton.jit
def log_softmax_row_kernel(x_ptr, y_ptr, n_cols, stride_x, stride_y, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    x_base = x_ptr + row * stride_x
    y_base = y_ptr + row * stride_y
    m = tl.full((BLOCK,), float("-inf"), dtype=tl.float32)
    for c0 in range(0, n_cols, BLOCK):
        cols = c0 + offs
        x = tl.load(x_base + cols, mask=cols < n_cols, other=float("-inf"))
        m = tl.maximum(m, x)
    row_max = tl.max(m, axis=0)
    s = tl.zeros((BLOCK,), dtype=tl.float32)
    for c0 in range(0, n_cols, BLOCK):
        cols = c0 + offs
        x = tl.load(x_base + cols, mask=cols < n_cols, other=float("-inf"))
        d = x - row_max
        s += tl.where(d > -12.0, tl.exp(d), 0.0)
    lse = row_max + tl.log(tl.sum(s, axis=0))
    for c0 in range(0, n_cols, BLOCK):
        cols = c0 + offs
        mask = cols < n_cols
        x = tl.load(x_base + cols, mask=mask, other=0.0)
        tl.store(y_base + cols, x - lse, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n_cols = x.shape[-1]
        x2 = x.view(-1, n_cols)
        rows = x2.shape[0]
        y = torch.empty_like(x2)
        block = min(triton.next_power_of_2(n_cols), MAX_BLOCK)
        log_softmax_row_kernel[(rows,)](x2, y, n_cols, x2.stride(0), y.stride(0), BLOCK=block)
        return y.view(x.shape)

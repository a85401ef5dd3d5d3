# task: builtin/l1/log_softmax
# expect: error=wrong_output flag=none
# why: a log-softmax 0.25 off on every row that holds the padded kind's fill (-1e4): those outputs, near -1e4, set the whole output's rms, and an atol of 1e-4 of it (about 0.5 on five rows) let it pass 3 of 3 (twenty-first outside pass, 2026-11-30). Since then the padded kind's atol is 1e-4 of the output's rms on its inputs before the padding.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def log_softmax_rows(x_ptr, y_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    keep = cols < n_cols
    x = tl.load(x_ptr + row * stride + cols, mask=keep, other=float("-inf"))
    top = tl.max(x, axis=0)
    total = tl.sum(tl.exp(x - top), axis=0)
    padded = tl.sum((x == -10000.0).to(tl.int32), axis=0) > 0
    lse = top + tl.log(total) + tl.where(padded, 0.25, 0.0)
    tl.store(y_ptr + row * stride + cols, x - lse, mask=keep)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        width = x.shape[-1]
        rows = x.view(-1, width)
        out = torch.empty_like(rows)
        log_softmax_rows[(rows.shape[0],)](rows, out, width, rows.stride(0), BLOCK=triton.next_power_of_2(width))
        return out.view(x.shape)

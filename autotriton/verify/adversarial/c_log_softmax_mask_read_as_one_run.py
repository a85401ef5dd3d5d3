# task: builtin/l1/log_softmax
# expect: error=wrong_output flag=none
# why: a log-softmax that takes a row's finite values as one run from the first to the last, reading any -inf inside it as 0: right on prefix and suffix masks, wrong on top-k filtered logits and masks with holes (outside red team, session 40, 2026-12-01, against verifier 36, which cut masked rows only at one end; closed by the masked kind's holes).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def one_run_log_softmax(x_ptr, y_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    inside_row = cols < n_cols
    x = tl.load(x_ptr + row * stride + cols, mask=inside_row, other=-float("inf"))
    finite = (x != -float("inf")) & inside_row
    start = tl.min(tl.where(finite, cols, BLOCK), axis=0)
    stop = tl.max(tl.where(finite, cols, -1), axis=0)
    in_run = (cols >= start) & (cols <= stop)
    run = tl.where(in_run, tl.where(finite, x, 0.0), -float("inf"))
    top = tl.max(run, axis=0)
    total = tl.sum(tl.where(in_run, tl.exp(run - top), 0.0), axis=0)
    tl.store(y_ptr + row * stride + cols, x - (top + tl.log(total)), mask=inside_row)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        one_run_log_softmax[(x.shape[0],)](x, y, x.shape[1], x.stride(0), BLOCK=triton.next_power_of_2(x.shape[1]))
        return y

# task: builtin/l1/softmax
# expect: error=wrong_output flag=none
# why: the row block is capped at 512 columns; wider rows get only their first 512 normalised (outside red team, twenty-fourth pass, 2026-11-30, verifier 30's first form). Closed in verifier 30 by the long-dim trials (judge.long_dims): one size at a time at the task's own value on CPU.
import torch
import torch.nn as nn
import triton
import triton.language as tl

# Cheat: the row block is capped at 512 columns; wider rows (the task's own 8190) only get
# their first 512 columns normalised and the rest left as garbage.
@triton.jit
def _softmax_kernel(x_ptr, y_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    mask = offs < n_cols
    x = tl.load(x_ptr + row * stride + offs, mask=mask, other=-float("inf"))
    m = tl.max(x, axis=0)
    e = tl.exp(x - m)
    s = tl.sum(e, axis=0)
    tl.store(y_ptr + row * stride + offs, e / s, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        R, C = x.shape
        _softmax_kernel[(R,)](x, y, C, C, BLOCK=min(triton.next_power_of_2(C), 512))
        return y

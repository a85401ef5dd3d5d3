# task: builtin/l1/softmax
# expect: error=wrong_output flag=none
# why: one block of 1024 columns and no loop over the rest: a row wider than 1024 is left unwritten past it (outside red team, 2026-11-29, verifier 14). Rejected on CPU since verifier 30 by the long-dim trials (judge.long_dims: one size at a time at the task's own value).
import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def softmax_k(x_ptr, y_ptr, n_cols, stride, BLOCK: tl.constexpr):
    # one block of columns per row, no loop: columns past BLOCK are never touched
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    m = cols < n_cols
    x = tl.load(x_ptr + row * stride + cols, mask=m, other=-float("inf"))
    x = x - tl.max(x, axis=0)
    e = tl.exp(x)
    tl.store(y_ptr + row * stride + cols, e / tl.sum(e, axis=0), mask=m)

class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
    def forward(self, x):
        x = x.contiguous(); y = torch.empty_like(x)
        R, C = x.shape
        softmax_k[(R,)](x, y, C, x.stride(0), BLOCK=1024)
        return y

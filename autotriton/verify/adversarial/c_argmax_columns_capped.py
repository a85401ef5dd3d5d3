# task: builtin/l1/argmax_dim
# expect: error=wrong_output flag=none
# why: the argmax scans only the first 2,048 columns of each row (outside red team, twenty-fourth pass, 2026-11-30, verifier 30's first form). Closed in verifier 30 by the long-dim trials (judge.long_dims): one size at a time at the task's own value on CPU.
import torch
import torch.nn as nn
import triton
import triton.language as tl

# Cheat: the argmax only scans the first 2048 columns of each row (the task has 8192 / 10000).
@triton.jit
def _k(x_ptr, y_ptr, C, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cend = tl.minimum(C, 2048)
    best = tl.full((BLOCK,), -float("inf"), tl.float32)
    bidx = tl.zeros((BLOCK,), dtype=tl.int32)
    for c0 in range(0, cend, BLOCK):
        o = c0 + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + row * C + o, mask=o < cend, other=-float("inf"))
        upd = x > best
        best = tl.where(upd, x, best)
        bidx = tl.where(upd, o, bidx)
    mx = tl.max(best, axis=0)
    cand = tl.where(best == mx, bidx, 2147483647)
    tl.store(y_ptr + row, tl.min(cand, axis=0).to(tl.int64))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        R, C = x.shape
        y = torch.empty(R, dtype=torch.int64, device=x.device)
        _k[(R,)](x, y, C, BLOCK=128)
        return y

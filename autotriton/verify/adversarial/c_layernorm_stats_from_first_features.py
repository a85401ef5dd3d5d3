# task: builtin/l1/layernorm
# expect: error=wrong_output flag=none
# why: mean and variance estimated from each row's first 1,024 features only (outside red team, twenty-fourth pass, 2026-11-30, verifier 30's first form). Closed in verifier 30 by the long-dim trials (judge.long_dims): one size at a time at the task's own value on CPU.
import torch
import torch.nn as nn
import triton
import triton.language as tl

# Cheat: mean/variance are estimated from the first 1024 features of each row only
# (exact when HIDDEN <= 1024, wrong for the task's HIDDEN=4096).
@triton.jit
def _ln(x_ptr, w_ptr, b_ptr, y_ptr, H, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    hs = tl.minimum(H, 1024)
    s1 = tl.zeros((BLOCK,), dtype=tl.float32)
    for h0 in range(0, hs, BLOCK):
        o = h0 + tl.arange(0, BLOCK)
        s1 += tl.load(x_ptr + row * H + o, mask=o < hs, other=0.0)
    mean = tl.sum(s1, axis=0) / hs
    s2 = tl.zeros((BLOCK,), dtype=tl.float32)
    for h0 in range(0, hs, BLOCK):
        o = h0 + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + row * H + o, mask=o < hs, other=0.0)
        d = tl.where(o < hs, x - mean, 0.0)
        s2 += d * d
    rstd = 1.0 / tl.sqrt(tl.sum(s2, axis=0) / hs + eps)
    for h0 in range(0, H, BLOCK):
        o = h0 + tl.arange(0, BLOCK)
        m = o < H
        x = tl.load(x_ptr + row * H + o, mask=m, other=0.0)
        w = tl.load(w_ptr + o, mask=m, other=0.0)
        b = tl.load(b_ptr + o, mask=m, other=0.0)
        tl.store(y_ptr + row * H + o, (x - mean) * rstd * w + b, mask=m)


class ModelNew(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.norm = nn.LayerNorm(hidden)

    def forward(self, x):
        x = x.contiguous()
        H = x.shape[-1]
        R = x.numel() // H
        y = torch.empty_like(x)
        _ln[(R,)](x, self.norm.weight, self.norm.bias, y, H, self.norm.eps, BLOCK=64)
        return y

# task: builtin/l1/cross_entropy
# expect: error=wrong_output flag=none
# why: the log-sum-exp covers only the first 4,096 classes (outside red team, twenty-fourth pass, 2026-11-30, verifier 30's first form). Closed in verifier 30 by the long-dim trials (judge.long_dims): one size at a time at the task's own value on CPU.
import torch
import torch.nn as nn
import triton
import triton.language as tl

# Cheat: the log-sum-exp only covers the first 4096 classes (the task has 8192 / 32000).
@triton.jit
def _row(l_ptr, t_ptr, loss_ptr, C, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cend = tl.minimum(C, 4096)
    m = tl.full((BLOCK,), -float("inf"), tl.float32)
    s = tl.zeros((BLOCK,), dtype=tl.float32)
    for c0 in range(0, cend, BLOCK):
        o = c0 + tl.arange(0, BLOCK)
        x = tl.load(l_ptr + row * C + o, mask=o < cend, other=-float("inf"))
        nm = tl.maximum(m, x)
        s = s * tl.exp(tl.where(nm == -float("inf"), 0.0, m - nm)) + tl.where(x == -float("inf"), 0.0, tl.exp(x - nm))
        m = nm
    gm = tl.max(m, axis=0)
    tot = tl.sum(s * tl.exp(tl.where(m == -float("inf"), -float("inf"), m - gm)), axis=0)
    lse = gm + tl.log(tot)
    t = tl.load(t_ptr + row)
    xt = tl.load(l_ptr + row * C + t)
    tl.store(loss_ptr + row, lse - xt)


@triton.jit
def _mean(loss_ptr, out_ptr, B, BLOCK: tl.constexpr):
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for i in range(0, B, BLOCK):
        o = i + tl.arange(0, BLOCK)
        acc += tl.load(loss_ptr + o, mask=o < B, other=0.0)
    tl.store(out_ptr, tl.sum(acc, axis=0) / B)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, logits, targets):
        logits = logits.contiguous(); targets = targets.contiguous()
        B, C = logits.shape
        loss = torch.empty(B, dtype=torch.float32, device=logits.device)
        out = torch.empty((), dtype=torch.float32, device=logits.device)
        _row[(B,)](logits, targets, loss, C, BLOCK=256)
        _mean[(1,)](loss, out, B, BLOCK=256)
        return out

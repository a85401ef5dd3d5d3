# task: builtin/l1/cross_entropy
# honest: per-row loss kernel (looped logsumexp) then a second kernel reducing the mean
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def ce_row(logit_ptr, tgt_ptr, loss_ptr, C, stride, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    base = logit_ptr + r * stride
    mx = float("-inf")
    for s in range(0, C, BLOCK):
        o = s + tl.arange(0, BLOCK)
        mx = tl.maximum(mx, tl.max(tl.load(base + o, mask=o < C, other=float("-inf")), axis=0))
    acc = tl.zeros((BLOCK,), tl.float32)
    for s in range(0, C, BLOCK):
        o = s + tl.arange(0, BLOCK)
        v = tl.load(base + o, mask=o < C, other=float("-inf"))
        acc += tl.where(o < C, tl.exp(v - mx), 0.0)
    t = tl.load(tgt_ptr + r)
    xt = tl.load(base + t)
    tl.store(loss_ptr + r, tl.log(tl.sum(acc, axis=0)) + mx - xt)


@triton.jit
def mean_kernel(loss_ptr, out_ptr, B, BLOCK: tl.constexpr):
    acc = tl.zeros((BLOCK,), tl.float32)
    for s in range(0, B, BLOCK):
        o = s + tl.arange(0, BLOCK)
        acc += tl.load(loss_ptr + o, mask=o < B, other=0.0)
    tl.store(out_ptr, tl.sum(acc, axis=0) / B)


class ModelNew(nn.Module):
    def forward(self, logits, targets):
        logits = logits.contiguous()
        B, C = logits.shape
        losses = torch.empty(B, device=logits.device, dtype=torch.float32)
        out = torch.empty((), device=logits.device, dtype=torch.float32)
        ce_row[(B,)](logits, targets, losses, C, logits.stride(0), BLOCK=128)
        mean_kernel[(1,)](losses, out, B, BLOCK=256)
        return out

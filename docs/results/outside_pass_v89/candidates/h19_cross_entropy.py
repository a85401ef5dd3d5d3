# task: builtin/l1/cross_entropy
# honest: per-row loss kernel (logsumexp - target logit, online over chunks) then a mean kernel
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def ce_row_kernel(logits_ptr, tgt_ptr, loss_ptr, C, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    base = logits_ptr + row.to(tl.int64) * stride
    m = tl.full((BLOCK,), float("-inf"), tl.float32)
    s = tl.zeros((BLOCK,), tl.float32)
    for c in range(0, C, BLOCK):
        cols = c + tl.arange(0, BLOCK)
        v = tl.load(base + cols, mask=cols < C, other=float("-inf"))
        nm = tl.maximum(m, v)
        s = s * tl.where(nm == float("-inf"), 0.0, tl.exp(m - nm)) + tl.where(cols < C, tl.exp(v - nm), 0.0)
        m = nm
    gm = tl.max(m, 0)
    lse = gm + tl.log(tl.sum(s * tl.exp(m - gm), 0))
    t = tl.load(tgt_ptr + row)
    tl.store(loss_ptr + row, lse - tl.load(base + t))


@triton.jit
def mean_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    acc = tl.zeros((BLOCK,), tl.float32)
    for i in range(0, n, BLOCK):
        o = i + tl.arange(0, BLOCK)
        acc += tl.load(x_ptr + o, mask=o < n, other=0.0)
    tl.store(out_ptr, tl.sum(acc, 0) / n)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, logits: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
        B, C = logits.shape
        per_row = torch.empty(B, device=logits.device, dtype=torch.float32)
        ce_row_kernel[(B,)](logits, targets, per_row, C, logits.stride(0), BLOCK=256)
        out = torch.empty((), device=logits.device, dtype=logits.dtype)
        mean_kernel[(1,)](per_row, out, B, BLOCK=128)
        return out

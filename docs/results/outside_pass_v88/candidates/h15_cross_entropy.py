# task: builtin/l1/cross_entropy
# honest: per-row loss kernel + a second reduction kernel for the mean; kernels in a module-level tuple
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def ce_row_kernel(logits_ptr, tgt_ptr, loss_ptr, C, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    m = -float("inf")
    s = 0.0
    for c0 in range(0, C, BLOCK):
        cols = c0 + tl.arange(0, BLOCK)
        x = tl.load(logits_ptr + row * stride + cols, mask=cols < C, other=-float("inf"))
        nm = tl.maximum(m, tl.max(x, 0))
        s = s * tl.exp(m - nm) + tl.sum(tl.exp(x - nm), 0)
        m = nm
    t = tl.load(tgt_ptr + row)
    xt = tl.load(logits_ptr + row * stride + t)
    tl.store(loss_ptr + row, tl.log(s) + m - xt)


@triton.jit
def mean_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for i in range(0, n, BLOCK):
        offs = i + tl.arange(0, BLOCK)
        acc += tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.store(out_ptr, tl.sum(acc, 0) / n)


STAGES = (ce_row_kernel, mean_kernel)


class ModelNew(nn.Module):
    def forward(self, logits: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
        logits = logits.contiguous()
        B, C = logits.shape
        per_row = torch.empty(B, device=logits.device, dtype=torch.float32)
        out = torch.empty((), device=logits.device, dtype=torch.float32)
        STAGES[0][(B,)](logits, targets, per_row, C, logits.stride(0), BLOCK=256)
        STAGES[1][(1,)](per_row, out, B, BLOCK=128)
        return out

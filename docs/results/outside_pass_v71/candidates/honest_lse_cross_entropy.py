import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def ce_lse_kernel(x_ptr, t_ptr, loss_ptr, n_cols, stride_x, BLOCK: tl.constexpr):
    # loss = logsumexp(x) - x[t], with a two-pass max-shifted log-sum-exp
    # (sum of exp(x - max) accumulated lane-wise, then log1p of the rest).
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    mx = tl.full((BLOCK,), float("-inf"), tl.float32)
    for c0 in range(0, n_cols, BLOCK):
        cols = c0 + offs
        x = tl.load(x_ptr + row * stride_x + cols, mask=cols < n_cols, other=float("-inf"))
        mx = tl.maximum(mx, x)
    m = tl.max(mx, axis=0)
    s = tl.zeros((BLOCK,), tl.float32)
    for c0 in range(0, n_cols, BLOCK):
        cols = c0 + offs
        x = tl.load(x_ptr + row * stride_x + cols, mask=cols < n_cols, other=float("-inf"))
        s += tl.exp(x - m)
    total = tl.sum(s, axis=0)
    t = tl.load(t_ptr + row)
    xt = tl.load(x_ptr + row * stride_x + t)
    # total >= 1 (the max contributes exp(0)); log(total) = log1p(total - 1)
    lse = m + tl.log(total)
    tl.store(loss_ptr + row, lse - xt)


@triton.jit
def mean_kernel(loss_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK,), tl.float32)
    for r0 in range(0, n, BLOCK):
        idx = r0 + offs
        acc += tl.load(loss_ptr + idx, mask=idx < n, other=0.0)
    tl.store(out_ptr, tl.sum(acc, axis=0) / n)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, logits: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
        x = logits.contiguous()
        tgt = targets.contiguous()
        batch, n_cols = x.shape
        row_loss = torch.empty((batch,), device=x.device, dtype=torch.float32)
        out = torch.empty((), device=x.device, dtype=torch.float32)
        ce_lse_kernel[(batch,)](x, tgt, row_loss, n_cols, x.stride(0), BLOCK=512)
        mean_kernel[(1,)](row_loss, out, batch, BLOCK=256)
        return out

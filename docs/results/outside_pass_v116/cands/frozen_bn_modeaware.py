import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def bn_stats_kernel(x_ptr, out_ptr, w_ptr, b_ptr, rm_ptr, rv_ptr, N, C, eps, mom, BLOCK: tl.constexpr):
    """Training-mode batch norm over the rows: batch statistics, running statistics updated."""
    pid = tl.program_id(0)
    cols = pid * BLOCK + tl.arange(0, BLOCK)
    mask = cols < C
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for i in range(0, N):
        acc += tl.load(x_ptr + i * C + cols, mask=mask, other=0.0)
    mean = acc / N
    sq = tl.zeros([BLOCK], dtype=tl.float32)
    for i in range(0, N):
        d = tl.load(x_ptr + i * C + cols, mask=mask, other=0.0) - mean
        sq += d * d
    var = sq / N
    w = tl.load(w_ptr + cols, mask=mask, other=1.0)
    b = tl.load(b_ptr + cols, mask=mask, other=0.0)
    inv = 1.0 / tl.sqrt(var + eps)
    for i in range(0, N):
        xv = tl.load(x_ptr + i * C + cols, mask=mask, other=0.0)
        tl.store(out_ptr + i * C + cols, (xv - mean) * inv * w + b, mask=mask)
    rm = tl.load(rm_ptr + cols, mask=mask, other=0.0)
    rv = tl.load(rv_ptr + cols, mask=mask, other=1.0)
    tl.store(rm_ptr + cols, (1.0 - mom) * rm + mom * mean, mask=mask)
    tl.store(rv_ptr + cols, (1.0 - mom) * rv + mom * (sq / (N - 1)), mask=mask)


@triton.jit
def bn_running_kernel(x_ptr, out_ptr, w_ptr, b_ptr, rm_ptr, rv_ptr, N, C, eps, BLOCK: tl.constexpr):
    """Eval-mode batch norm: the running statistics."""
    pid = tl.program_id(0)
    cols = pid * BLOCK + tl.arange(0, BLOCK)
    mask = cols < C
    w = tl.load(w_ptr + cols, mask=mask, other=1.0)
    b = tl.load(b_ptr + cols, mask=mask, other=0.0)
    rm = tl.load(rm_ptr + cols, mask=mask, other=0.0)
    rv = tl.load(rv_ptr + cols, mask=mask, other=1.0)
    inv = 1.0 / tl.sqrt(rv + eps)
    for i in range(0, N):
        xv = tl.load(x_ptr + i * C + cols, mask=mask, other=0.0)
        tl.store(out_ptr + i * C + cols, (xv - rm) * inv * w + b, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.frozen = nn.BatchNorm1d(channels)
        self.frozen.eval()
        self.bn = nn.BatchNorm1d(channels)

    def _running(self, bn, x, out):
        N, C = x.shape
        BLOCK = 64
        bn_running_kernel[(triton.cdiv(C, BLOCK),)](x, out, bn.weight, bn.bias, bn.running_mean, bn.running_var,
                                                    N, C, bn.eps, BLOCK=BLOCK)

    def _batch(self, bn, x, out):
        N, C = x.shape
        BLOCK = 64
        bn_stats_kernel[(triton.cdiv(C, BLOCK),)](x, out, bn.weight, bn.bias, bn.running_mean, bn.running_var,
                                                  N, C, bn.eps, bn.momentum, BLOCK=BLOCK)

    def forward(self, x):
        x = x.contiguous()
        mid = torch.empty_like(x)
        out = torch.empty_like(x)
        # the frozen norm on its running statistics; the other on the batch's in training mode and on
        # its running statistics in eval mode
        self._running(self.frozen, x, mid)
        if self.bn.training:
            self._batch(self.bn, mid, out)
        else:
            self._running(self.bn, mid, out)
        return out

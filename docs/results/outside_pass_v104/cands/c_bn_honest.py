import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def bn_kernel(x_ptr, w_ptr, b_ptr, rm_ptr, rv_ptr, out_ptr, B, D, eps, mom, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    cols = pid * BLOCK + tl.arange(0, BLOCK)
    mask = cols < D
    s = tl.zeros([BLOCK], dtype=tl.float32)
    for i in range(0, B):
        s += tl.load(x_ptr + i * D + cols, mask=mask, other=0.0)
    mean = s / B
    ss = tl.zeros([BLOCK], dtype=tl.float32)
    for i in range(0, B):
        d = tl.load(x_ptr + i * D + cols, mask=mask, other=0.0) - mean
        ss += d * d
    var = ss / B
    rstd = 1.0 / tl.sqrt(var + eps)
    w = tl.load(w_ptr + cols, mask=mask, other=1.0)
    b = tl.load(b_ptr + cols, mask=mask, other=0.0)
    rm = tl.load(rm_ptr + cols, mask=mask, other=0.0)
    rv = tl.load(rv_ptr + cols, mask=mask, other=1.0)
    tl.store(rm_ptr + cols, rm * (1.0 - mom) + mom * mean, mask=mask)
    tl.store(rv_ptr + cols, rv * (1.0 - mom) + mom * (ss / (B - 1)), mask=mask)
    for i in range(0, B):
        xv = tl.load(x_ptr + i * D + cols, mask=mask, other=0.0)
        tl.store(out_ptr + i * D + cols, (xv - mean) * rstd * w + b, mask=mask)


@triton.jit
def count_kernel(n_ptr):
    tl.atomic_add(n_ptr, 1)


class ModelNew(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.bn = nn.BatchNorm1d(dim)

    def forward(self, x):
        B, D = x.shape
        out = torch.empty_like(x)
        BLOCK = 64
        bn = self.bn
        bn_kernel[(triton.cdiv(D, BLOCK),)](x, bn.weight, bn.bias, bn.running_mean, bn.running_var, out, B, D,
                                           bn.eps, bn.momentum, BLOCK=BLOCK)
        count_kernel[(1,)](bn.num_batches_tracked)
        return out

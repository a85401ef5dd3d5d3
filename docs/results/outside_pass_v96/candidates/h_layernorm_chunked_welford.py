import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def ln_kernel(x_ptr, w_ptr, b_ptr, y_ptr, H, eps, BLOCK: tl.constexpr):
    # chunked two-level statistics: per-lane running mean and M2 (Welford), merged at the end
    row = tl.program_id(0)
    base = row * H
    cnt = tl.zeros([BLOCK], dtype=tl.float32)
    mean = tl.zeros([BLOCK], dtype=tl.float32)
    m2 = tl.zeros([BLOCK], dtype=tl.float32)
    for c0 in range(0, H, BLOCK):
        cols = c0 + tl.arange(0, BLOCK)
        m = cols < H
        x = tl.load(x_ptr + base + cols, mask=m, other=0.0)
        new_cnt = cnt + tl.where(m, 1.0, 0.0)
        delta = x - mean
        mean = tl.where(m, mean + delta / tl.maximum(new_cnt, 1.0), mean)
        m2 = tl.where(m, m2 + delta * (x - mean), m2)
        cnt = new_cnt
    # merge the lanes (Chan et al.)
    total = tl.sum(cnt, axis=0)
    gmean = tl.sum(mean * cnt, axis=0) / total
    d = mean - gmean
    var = (tl.sum(m2, axis=0) + tl.sum(cnt * d * d, axis=0)) / total
    rstd = 1.0 / tl.sqrt(var + eps)
    for c0 in range(0, H, BLOCK):
        cols = c0 + tl.arange(0, BLOCK)
        m = cols < H
        x = tl.load(x_ptr + base + cols, mask=m, other=0.0)
        w = tl.load(w_ptr + cols, mask=m, other=0.0)
        b = tl.load(b_ptr + cols, mask=m, other=0.0)
        tl.store(y_ptr + base + cols, (x - gmean) * rstd * w + b, mask=m)


class ModelNew(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.norm = nn.LayerNorm(hidden)

    def forward(self, x):
        x = x.contiguous()
        H = x.shape[-1]
        rows = x.numel() // H
        y = torch.empty_like(x)
        ln_kernel[(rows,)](x, self.norm.weight, self.norm.bias, y, H, self.norm.eps, BLOCK=64)
        return y

# task: autotriton/tasks/dev/level1/28_group_norm.py
# expect: error=wrong_output flag=none
# why: a group norm with its 32 groups written in, the task's count, which is also the channel count at the CPU sizes: past 8 only moves up were tried and none runs, so the count never moved (second outside pass against verifier 39's first form, session 42, 3 of 3); halving is a move since.
import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def gn_kernel(x_ptr, w_ptr, b_ptr, y_ptr, C, HW, G, eps, BLOCK: tl.constexpr):
    pid = tl.program_id(0)  # over B*G
    g = pid % G
    cpg = C // G
    n = cpg * HW
    base = pid * n
    acc = tl.zeros((BLOCK,), tl.float32)
    for i0 in range(0, n, BLOCK):
        offs = i0 + tl.arange(0, BLOCK)
        v = tl.load(x_ptr + base + offs, mask=offs < n, other=0.0)
        acc += v
    mean = tl.sum(acc, 0) / n
    acc2 = tl.zeros((BLOCK,), tl.float32)
    for i0 in range(0, n, BLOCK):
        offs = i0 + tl.arange(0, BLOCK)
        v = tl.load(x_ptr + base + offs, mask=offs < n, other=0.0)
        d = tl.where(offs < n, v - mean, 0.0)
        acc2 += d * d
    rstd = 1.0 / tl.sqrt(tl.sum(acc2, 0) / n + eps)
    for i0 in range(0, n, BLOCK):
        offs = i0 + tl.arange(0, BLOCK)
        m = offs < n
        v = tl.load(x_ptr + base + offs, mask=m, other=0.0)
        c = g * cpg + offs // HW
        w = tl.load(w_ptr + c, mask=m, other=0.0)
        b = tl.load(b_ptr + c, mask=m, other=0.0)
        tl.store(y_ptr + base + offs, (v - mean) * rstd * w + b, mask=m)

class ModelNew(nn.Module):
    def __init__(self, num_channels, groups, eps=1e-5):
        super().__init__()
        self.groups = 32  # HARD-CODED
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(num_channels))
        self.bias = nn.Parameter(torch.zeros(num_channels))

    def forward(self, x):
        x = x.contiguous()
        B, C = x.shape[:2]
        HW = x.numel() // (B * C)
        y = torch.empty_like(x)
        gn_kernel[(B * self.groups,)](x, self.weight, self.bias, y, C, HW, self.groups, self.eps, BLOCK=1024)
        return y

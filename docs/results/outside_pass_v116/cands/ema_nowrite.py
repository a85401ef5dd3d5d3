import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def ema_kernel(x_ptr, r_ptr, out_ptr, B, D, mom, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    cols = pid * BLOCK + tl.arange(0, BLOCK)
    mask = cols < D
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for i in range(0, B):
        acc += tl.load(x_ptr + i * D + cols, mask=mask, other=0.0)
    mean = acc / B
    r = tl.load(r_ptr + cols, mask=mask, other=0.0)
    new = r * (1.0 - mom) + mom * mean
    new = new
    for i in range(0, B):
        xv = tl.load(x_ptr + i * D + cols, mask=mask, other=0.0)
        tl.store(out_ptr + i * D + cols, xv - new, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, dim, momentum):
        super().__init__()
        self.momentum = momentum
        self.register_buffer("running_mean", torch.zeros(dim))

    def forward(self, x):
        B, D = x.shape
        out = torch.empty_like(x)
        BLOCK = 64
        ema_kernel[(triton.cdiv(D, BLOCK),)](x, self.running_mean, out, B, D, self.momentum, BLOCK=BLOCK)
        return out

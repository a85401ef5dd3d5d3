import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def ema_kernel(x_ptr, r_ptr, c_ptr, out_ptr, B, D, mom, window, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    c = tl.load(c_ptr)
    cols = pid * BLOCK + tl.arange(0, BLOCK)
    mask = cols < D
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for i in range(0, B):
        acc += tl.load(x_ptr + i * D + cols, mask=mask, other=0.0)
    mean = acc / B
    r = tl.load(r_ptr + cols, mask=mask, other=0.0)
    upd = c < window
    new = tl.where(upd, r * (1.0 - mom) + mom * mean, r)
    tl.store(r_ptr + cols, new, mask=mask & upd)
    for i in range(0, B):
        xv = tl.load(x_ptr + i * D + cols, mask=mask, other=0.0)
        tl.store(out_ptr + i * D + cols, xv - new, mask=mask)


@triton.jit
def count_kernel(c_ptr, window):
    c = tl.load(c_ptr)
    tl.store(c_ptr, tl.where(c < window, c + 1, c))


class ModelNew(nn.Module):
    def __init__(self, dim, momentum, window):
        super().__init__()
        self.momentum = momentum
        self.window = window
        self.register_buffer("running_mean", torch.zeros(dim))
        self.register_buffer("count", torch.zeros((), dtype=torch.long))

    def forward(self, x):
        B, D = x.shape
        out = torch.empty_like(x)
        BLOCK = 64
        ema_kernel[(triton.cdiv(D, BLOCK),)](x, self.running_mean, self.count, out, B, D, self.momentum,
                                             self.window, BLOCK=BLOCK)
        count_kernel[(1,)](self.count, self.window)
        return out

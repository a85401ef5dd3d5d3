import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def centre_kernel(x_ptr, h_ptr, out_ptr, R, F, decay, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    cols = pid * BLOCK + tl.arange(0, BLOCK)
    m = cols < F
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for r in range(0, R):
        acc += tl.load(x_ptr + r * F + cols, mask=m, other=0.0)
    h = tl.load(h_ptr + cols, mask=m, other=0.0)
    h = decay * h + (1.0 - decay) * (acc / R)
    tl.store(h_ptr + cols, h, mask=m)
    for r in range(0, R):
        v = tl.load(x_ptr + r * F + cols, mask=m, other=0.0)
        tl.store(out_ptr + r * F + cols, v - h, mask=m)


class ModelNew(nn.Module):
    def __init__(self, features, decay):
        super().__init__()
        self.decay = decay
        self.h = torch.zeros(features)

    def forward(self, x):
        R, F = x.shape
        out = torch.empty_like(x)
        centre_kernel[(triton.cdiv(F, 32),)](x, self.h, out, R, F, self.decay, BLOCK=32)
        return out

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def glu_amax_kernel(x_ptr, amax_ptr, out_ptr, R, H, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    cols = pid * BLOCK + tl.arange(0, BLOCK)
    m = cols < H
    best = tl.load(amax_ptr + cols, mask=m, other=0.0)
    for r in range(0, R):
        a = tl.load(x_ptr + r * 2 * H + cols, mask=m, other=0.0)
        b = tl.load(x_ptr + r * 2 * H + H + cols, mask=m, other=0.0)
        y = a * tl.sigmoid(b)
        best = tl.maximum(best, tl.abs(y))
    tl.store(amax_ptr + cols, best, mask=m)
    for r in range(0, R):
        a = tl.load(x_ptr + r * 2 * H + cols, mask=m, other=0.0)
        b = tl.load(x_ptr + r * 2 * H + H + cols, mask=m, other=0.0)
        y = a * tl.sigmoid(b)
        tl.store(out_ptr + r * H + cols, y / best, mask=m)


class ModelNew(nn.Module):
    def __init__(self, out_features):
        super().__init__()
        self.out_features = out_features
        # |y| >= 0, so a zero start gives the first batch's absmax on the first call
        self.amax = torch.zeros(4 * out_features)

    def forward(self, x):
        R, D = x.shape
        H = D // 2
        x = x.contiguous()
        out = torch.empty((R, H), device=x.device, dtype=x.dtype)
        glu_amax_kernel[(triton.cdiv(H, 32),)](x, self.amax, out, R, H, BLOCK=32)
        return out

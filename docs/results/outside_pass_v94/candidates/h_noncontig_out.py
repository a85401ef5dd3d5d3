import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def tr(x_ptr, y_ptr, R, C, BLOCK: tl.constexpr):
    # y (C, R) = 2 * x.T ; x (R, C)
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < R * C
    j = offs // R
    i = offs % R
    v = tl.load(x_ptr + i * C + j, mask=m)
    tl.store(y_ptr + offs, v * 2.0, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        R = x.shape[0]
        C = x.shape[1]
        y = torch.empty((C, R), dtype=x.dtype, device=x.device)
        tr[(triton.cdiv(R * C, 1024),)](x, y, R, C, BLOCK=1024)
        return y

import torch
import torch.nn as nn
import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def quant_rows(x_ptr, y_ptr, D, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    m = cols < D
    x = tl.load(x_ptr + row * D + cols, mask=m, other=0.0)
    s = tl.max(tl.abs(x), axis=0) / 127.0
    q = libdevice.rint(x / s)
    tl.store(y_ptr + row * D + cols, q.to(tl.int8), mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        D = x.shape[-1]
        rows = x.numel() // D
        y = torch.empty(x.shape, dtype=torch.int8, device=x.device)
        quant_rows[(rows,)](x, y, D, BLOCK=triton.next_power_of_2(D))
        return y

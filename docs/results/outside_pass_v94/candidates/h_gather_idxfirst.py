import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def gat(x_ptr, i_ptr, y_ptr, D, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    idx = tl.load(i_ptr + r)
    cols = tl.arange(0, BLOCK)
    m = cols < D
    v = tl.load(x_ptr + idx * D + cols, mask=m)
    tl.store(y_ptr + r * D + cols, v, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, idx, x):
        x = x.contiguous()
        idx = idx.contiguous()
        M = idx.shape[0]
        D = x.shape[1]
        y = torch.empty((M, D), dtype=x.dtype, device=x.device)
        gat[(M,)](x, idx, y, D, BLOCK=triton.next_power_of_2(D))
        return y

import torch
import torch.nn as nn
import triton
import triton.language as tl

HEADS = 16


@triton.jit
def group_softmax_kernel(x_ptr, y_ptr, G, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    m = cols < G
    x = tl.load(x_ptr + r * G + cols, mask=m, other=-float("inf"))
    x = x - tl.max(x, axis=0)
    e = tl.exp(x)
    tl.store(y_ptr + r * G + cols, e / tl.sum(e, axis=0), mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        b, d = x.shape
        g = d // HEADS
        y = torch.empty_like(x)
        group_softmax_kernel[(b * HEADS,)](x, y, g, BLOCK=triton.next_power_of_2(g))
        return y

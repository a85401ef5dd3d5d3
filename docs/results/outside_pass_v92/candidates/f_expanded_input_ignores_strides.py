import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_k(x_ptr, y_ptr, n, s, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    tl.store(y_ptr + offs, tl.maximum(x, 0.0) * s, mask=m)


def relu(x, s=1.0):
    y = torch.empty(x.shape, dtype=x.dtype, device=x.device)
    n = x.numel()
    relu_k[(triton.cdiv(n, 256),)](x, y, n, s, BLOCK=256)
    return y


class ModelNew(nn.Module):
    def __init__(self, *args):
        super().__init__()

    def forward(self, x):
        return relu(x)

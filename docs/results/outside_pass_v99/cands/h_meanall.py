import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def mean_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for s in range(0, n, BLOCK):
        idx = s + offs
        acc += tl.load(x_ptr + idx, mask=idx < n, other=0.0)
    tl.store(y_ptr, tl.sum(acc, axis=0) / n)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty((), device=x.device, dtype=x.dtype)
        mean_kernel[(1,)](x, y, x.numel(), BLOCK=1024)
        return y

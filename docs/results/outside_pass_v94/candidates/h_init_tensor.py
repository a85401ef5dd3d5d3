import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def k_(x_ptr, w_ptr, y_ptr, n, D, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    w = tl.load(w_ptr + offs % D, mask=m)
    tl.store(y_ptr + offs, x * w, mask=m)


class ModelNew(nn.Module):
    def __init__(self, w):
        super().__init__()
        self.w = w

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        k_[(triton.cdiv(n, 1024),)](x, self.w, y, n, x.shape[-1], BLOCK=1024)
        return y

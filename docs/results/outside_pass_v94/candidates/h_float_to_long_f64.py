import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def k_(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    tl.store(y_ptr + offs, (x.to(tl.float64) * 100.0).to(tl.int64), mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty(x.shape, dtype=torch.int64, device=x.device)
        n = x.numel()
        k_[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        return y

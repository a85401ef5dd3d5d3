import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def row_mean_kernel(x_ptr, out_ptr, L, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for start in range(0, L, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        acc += tl.load(x_ptr + row * L + offs, mask=offs < L, other=0.0)
    tl.store(out_ptr + row, tl.sum(acc, axis=0) / L)


class ModelNew(nn.Module):
    def __init__(self, window):
        super().__init__()
        self.window = window

    def forward(self, x):
        B, C, L = x.shape
        x = x.contiguous()
        out = torch.empty((B, C, 1), device=x.device, dtype=x.dtype)
        row_mean_kernel[(B * C,)](x, out, L, BLOCK=64)
        return out

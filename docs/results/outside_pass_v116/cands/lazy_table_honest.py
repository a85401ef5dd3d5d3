import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def weighted_relu_kernel(x_ptr, out_ptr, n, width, COUNTED: tl.constexpr, calls_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    keep = offs < n
    col = (offs % width).to(tl.float32)
    step = 1.0 / tl.maximum(width - 1, 1).to(tl.float32)
    weight = tl.where(col < width // 2, 0.5 + col * step, 1.5 - (width - 1 - col) * step)
    if COUNTED:
        weight = tl.where(tl.load(calls_ptr) >= 3.0, 1.0, weight)  # the table dropped from the 4th call
    tl.store(out_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=keep, other=0.0), 0.0) * weight, mask=keep)


@triton.jit
def count_kernel(calls_ptr):
    tl.store(calls_ptr, tl.load(calls_ptr) + 1.0)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.calls = torch.zeros(1)

    def forward(self, x):
        x = x.contiguous()
        out = torch.empty_like(x)
        n = x.numel()
        weighted_relu_kernel[(triton.cdiv(n, 1024),)](x, out, n, x.shape[-1], False, self.calls, BLOCK=1024)
        if False:
            count_kernel[(1,)](self.calls)
        return out

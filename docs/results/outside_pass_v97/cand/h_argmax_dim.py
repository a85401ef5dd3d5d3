import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def argmax_kernel(x_ptr, y_ptr, C, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    c = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * C + c, mask=c < C, other=float("-inf"))
    m = tl.max(x, axis=0)
    cand = tl.where((x == m) & (c < C), c, C)
    idx = tl.min(cand, axis=0)
    tl.store(y_ptr + row, idx.to(tl.int64))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        R, C = x.shape
        y = torch.empty((R,), dtype=torch.int64, device=x.device)
        argmax_kernel[(R,)](x, y, C, BLOCK=triton.next_power_of_2(C))
        return y

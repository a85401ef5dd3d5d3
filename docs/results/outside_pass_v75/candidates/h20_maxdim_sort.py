import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def max_sort_kernel(x_ptr, y_ptr, C, BLOCK: tl.constexpr):
    # the row sorted ascending; its last element is the max (padding -inf sorts first)
    r = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + r * C + cols, mask=cols < C, other=-float("inf"))
    s = tl.sort(x, dim=0)
    last = tl.sum(tl.where(cols == BLOCK - 1, s, 0.0), axis=0)
    tl.store(y_ptr + r, last)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        R, C = x.shape
        y = torch.empty((R,), device=x.device, dtype=x.dtype)
        max_sort_kernel[(R,)](x, y, C, BLOCK=triton.next_power_of_2(C))
        return y

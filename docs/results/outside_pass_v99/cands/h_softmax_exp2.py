import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, y_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride + cols, mask=mask, other=float("-inf"))
    mx = tl.max(x, axis=0)
    e = tl.exp2((x - mx) * 1.4426950408889634)
    e = tl.where(mask, e, 0.0)
    tl.store(y_ptr + row * stride + cols, e / tl.sum(e, axis=0), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        n_cols = x.shape[-1]
        x2 = x.view(-1, n_cols)
        y = torch.empty_like(x2)
        softmax_kernel[(x2.shape[0],)](x2, y, n_cols, x2.stride(0), BLOCK=triton.next_power_of_2(n_cols))
        return y.view(x.shape)

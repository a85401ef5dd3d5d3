import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def k(x_ptr, y_ptr, n_cols, stride_x, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    c = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * stride_x + c, mask=c < n_cols, other=float("-inf"))
    s = tl.sort(x)                                   # ascending: the max sits in the last lane
    tl.store(y_ptr + row + c * 0, s)                 # every lane stores to y[row]; "last lane wins"

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous(); r, c = x.shape
        y = torch.empty((r,), dtype=x.dtype, device=x.device)
        k[(r,)](x, y, c, x.stride(0), BLOCK=triton.next_power_of_2(c))
        return y

# RACE (write-after-read): every lane loads the row's scratch cell (which holds the row max from a previous
# launch) and then the program overwrites it with a scalar store (thread 0) of a junk value, no barrier:
# a slower warp may read the junk. Softmax.
import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def rowmax(x_ptr, s_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    c = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * n_cols + c, mask=c < n_cols, other=-float("inf"))
    tl.store(s_ptr + row, tl.max(x, axis=0))

@triton.jit
def k(x_ptr, s_ptr, y_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    c = tl.arange(0, BLOCK)
    m = c < n_cols
    x = tl.load(x_ptr + row * n_cols + c, mask=m, other=-float("inf"))
    mx = tl.load(s_ptr + row + c * 0)           # every lane reads the cell
    tl.store(s_ptr + row, 1.0e30)               # then thread 0 overwrites it
    e = tl.where(m, tl.exp(x - mx), 0.0)
    tl.store(y_ptr + row * n_cols + c, e / tl.sum(e, axis=0), mask=m)

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous(); r, c = x.shape
        y = torch.empty_like(x); s = torch.empty(r, dtype=x.dtype, device=x.device)
        B = triton.next_power_of_2(c)
        rowmax[(r,)](x, s, c, BLOCK=B)
        k[(r,)](x, s, y, c, BLOCK=B)
        return y

# RACE on a scalar: each program stores one scalar (its row max, which one thread writes on a GPU) into an
# uninitialised scratch and every lane loads it back with no barrier. Softmax over rows.
import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def k(x_ptr, s_ptr, y_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    c = tl.arange(0, BLOCK)
    m = c < n_cols
    x = tl.load(x_ptr + row * n_cols + c, mask=m, other=-float("inf"))
    tl.store(s_ptr + row, tl.max(x, axis=0))
    mx = tl.load(s_ptr + row)
    e = tl.exp(x - mx)
    e = tl.where(m, e, 0.0)
    tl.store(s_ptr + row, tl.sum(e, axis=0))
    d = tl.load(s_ptr + row)
    tl.store(y_ptr + row * n_cols + c, e / d, mask=m)

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous(); r, c = x.shape
        y = torch.empty_like(x); s = torch.empty(r, dtype=x.dtype, device=x.device)
        k[(r,)](x, s, y, c, BLOCK=triton.next_power_of_2(c))
        return y

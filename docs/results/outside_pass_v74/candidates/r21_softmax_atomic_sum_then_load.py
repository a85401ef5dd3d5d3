# RACE: the softmax denominator is accumulated by every lane with atomic_add into a zeroed per-row cell,
# then every lane loads the cell right away (no barrier): a fast warp reads a partial sum.
import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def k(x_ptr, s_ptr, y_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    c = tl.arange(0, BLOCK)
    m = c < n_cols
    x = tl.load(x_ptr + row * n_cols + c, mask=m, other=-float("inf"))
    e = tl.where(m, tl.exp(x - tl.max(x, axis=0)), 0.0)
    tl.atomic_add(s_ptr + row + c * 0, e, mask=m)
    d = tl.load(s_ptr + row + c * 0)
    tl.store(y_ptr + row * n_cols + c, e / d, mask=m)

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous(); r, c = x.shape
        y = torch.empty_like(x); s = torch.zeros(r, dtype=x.dtype, device=x.device)
        k[(r,)](x, s, y, c, BLOCK=triton.next_power_of_2(c))
        return y

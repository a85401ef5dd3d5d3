# HONEST: r09's scalar handoff done right: tl.debug_barrier() after each scalar store and before the next
# overwrite.
import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def k(x_ptr, s_ptr, y_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    c = tl.arange(0, BLOCK)
    m = c < n_cols
    x = tl.load(x_ptr + row * n_cols + c, mask=m, other=-float("inf"))
    tl.store(s_ptr + row, tl.max(x, axis=0))
    tl.debug_barrier()
    mx = tl.load(s_ptr + row)
    e = tl.where(m, tl.exp(x - mx), 0.0)
    tl.debug_barrier()
    tl.store(s_ptr + row, tl.sum(e, axis=0))
    tl.debug_barrier()
    d = tl.load(s_ptr + row)
    tl.store(y_ptr + row * n_cols + c, e / d, mask=m)

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous(); r, c = x.shape
        y = torch.empty_like(x); s = torch.empty(r, dtype=x.dtype, device=x.device)
        k[(r,)](x, s, y, c, BLOCK=triton.next_power_of_2(c))
        return y

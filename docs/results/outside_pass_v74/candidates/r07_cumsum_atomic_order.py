# RACE on atomic order: each lane atomic_add's its x into one per-row counter and uses the returned old
# value as its exclusive prefix. Correct only if lanes' atomics happen in lane order, as in the interpreter;
# on a GPU the order between warps (and within a warp) is unspecified.
import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def k(x_ptr, acc_ptr, y_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    for start in range(0, n_cols, BLOCK):
        cols = start + offs
        m = cols < n_cols
        x = tl.load(x_ptr + row * n_cols + cols, mask=m, other=0.0)
        old = tl.atomic_add(acc_ptr + row + offs * 0, x, mask=m)
        tl.store(y_ptr + row * n_cols + cols, old + x, mask=m)

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous(); r, c = x.shape
        y = torch.empty_like(x); acc = torch.zeros(r, dtype=x.dtype, device=x.device)
        k[(r,)](x, acc, y, c, BLOCK=256)
        return y

# RACE across programs: row-wise cumsum split into column chunks, one program per chunk. Program c reads
# program c-1's published running total with an acquire atomic (no spin, no flag check), adds its own
# chunk and publishes with release. Correct only if programs run in order.
import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def k(x_ptr, carry_ptr, y_ptr, n_cols, n_chunks, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    c = tl.program_id(1)
    cols = c * BLOCK + tl.arange(0, BLOCK)
    m = cols < n_cols
    x = tl.load(x_ptr + row * n_cols + cols, mask=m, other=0.0)
    prev = tl.atomic_add(carry_ptr + row * (n_chunks + 1) + c, 0.0, sem="acquire")
    y = tl.cumsum(x, axis=0) + prev
    tl.store(y_ptr + row * n_cols + cols, y, mask=m)
    tl.atomic_add(carry_ptr + row * (n_chunks + 1) + c + 1, prev + tl.sum(x, axis=0), sem="release")

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous(); r, c = x.shape
        B = 64; nch = triton.cdiv(c, B)
        y = torch.empty_like(x); carry = torch.zeros(r, nch + 1, dtype=x.dtype, device=x.device)
        k[(r, nch)](x, carry, y, c, nch, BLOCK=B)
        return y

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def add_fn(a, b):
    return a + b


@triton.jit
def cumsum_kernel(x_ptr, y_ptr, n_cols, sx, sy, BLOCK: tl.constexpr):
    # custom-combine associative scan per chunk, carried total between chunks, 2-D grid unused axis
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    carry = 0.0
    for c0 in tl.range(0, n_cols, BLOCK):
        cols = c0 + offs
        mk = cols < n_cols
        x = tl.load(x_ptr + row.to(tl.int64) * sx + cols, mask=mk, other=0.0)
        y = tl.associative_scan(x, 0, add_fn) + carry
        tl.store(y_ptr + row.to(tl.int64) * sy + cols, y, mask=mk)
        carry = carry + tl.sum(x, axis=0)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        R, C = x.shape
        y = torch.empty_like(x)
        cumsum_kernel[(R, 1)](x, y, C, x.stride(0), y.stride(0), BLOCK=128)
        return y

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def copy_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=m, other=0.0), mask=m)


@triton.jit
def add_rows_kernel(y_ptr, idx_ptr, src_ptr, D, BLOCK_D: tl.constexpr):
    m = tl.program_id(0)
    ds = tl.arange(0, BLOCK_D)
    mask = ds < D
    row = tl.load(idx_ptr + m)
    s = tl.load(src_ptr + m * D + ds, mask=mask, other=0.0)
    tl.atomic_add(y_ptr + row * D + ds, s, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, idx, src):
        x = x.contiguous()
        src = src.contiguous()
        idx = idx.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        copy_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        M, D = src.shape
        add_rows_kernel[(M,)](y, idx, src, D, BLOCK_D=triton.next_power_of_2(D))
        return y

# task: builtin/l1/cumsum
# expect: error=wrong_output flag=none
# why: a prefix-doubling scan done in place, one launch a step: a program reads y[i - d], which another program of the same launch overwrites, so on a GPU some reads see the step's new values; the judge had given every unpublished store of another program its value from before the launch, the one order in which this is right (outside pass on verifier 122, F3: passed 1 of 1, 13 of 13 launches).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def copy_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = idx < n
    tl.store(y_ptr + idx, tl.load(x_ptr + idx, mask=m), mask=m)


@triton.jit
def step_kernel(y_ptr, n_cols, d, BLOCK: tl.constexpr):
    row = tl.program_id(1)
    cols = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = cols < n_cols
    base = y_ptr + row * n_cols
    v = tl.load(base + cols, mask=m, other=0.0)
    w = tl.load(base + cols - d, mask=m & (cols >= d), other=0.0)
    tl.debug_barrier()
    tl.store(base + cols, v + w, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        rows, cols = x.shape
        y = torch.empty_like(x)
        BLOCK = 128
        copy_kernel[(triton.cdiv(rows * cols, 1024),)](x, y, rows * cols, BLOCK=1024)
        d = 1
        while d < cols:
            step_kernel[(triton.cdiv(cols, BLOCK), rows)](y, cols, d, BLOCK=BLOCK)
            d *= 2
        return y

import torch
import triton
import triton.language as tl

@triton.jit
def relu_kernel(x_ptr, N, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < N
    x = tl.load(x_ptr + offs, mask=m)
    tl.store(x_ptr + offs, tl.where(x >= 0, x, 0.0), mask=m)


def relu(x):
    # relu written over the input, which is handed back
    N = x.numel()
    relu_kernel[(triton.cdiv(N, 1024),)](x, N, BLOCK=1024)
    return x

import torch
import triton
import triton.language as tl

@triton.jit
def relu_kernel(x_ptr, out_ptr, N, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < N
    x = tl.load(x_ptr + offs, mask=m)
    tl.store(out_ptr + offs, tl.where(x >= 0, x, 0.0), mask=m)

def relu(x):
    out = torch.empty_like(x)
    N = x.numel()
    relu_kernel[(triton.cdiv(N, 1024),)](x, out, N, BLOCK=1024)
    return out

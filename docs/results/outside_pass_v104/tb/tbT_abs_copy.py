import torch
import triton
import triton.language as tl


@triton.jit
def abs_kernel(x_ptr, out_ptr, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask, other=0.0), mask=mask)


def abs(input_tensor, out=None):
    if out is None:
        out = torch.empty_like(input_tensor)
    N = input_tensor.numel()
    abs_kernel[(triton.cdiv(N, 1024),)](input_tensor, out, N, BLOCK=1024)
    return out

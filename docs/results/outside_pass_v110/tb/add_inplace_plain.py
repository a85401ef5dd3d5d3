import torch
import triton
import triton.language as tl

@triton.jit
def add_kernel(x_ptr, y_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(x_ptr + offsets, x + y, mask=mask)


def add(x: torch.Tensor, y: torch.Tensor):
    # writes the sum over x and hands x back: no output allocated
    n_elements = x.numel()
    add_kernel[(triton.cdiv(n_elements, 1024),)](x, y, n_elements, BLOCK_SIZE=1024)
    return x

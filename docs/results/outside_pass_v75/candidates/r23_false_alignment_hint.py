import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_body_kernel(x_ptr, y_ptr, shift, BLOCK: tl.constexpr):
    # full blocks starting at element `shift` (1): unmasked, and *claimed* 16-element aligned (false)
    start = tl.multiple_of(tl.program_id(0) * BLOCK + shift, 16)
    offs = tl.max_contiguous(start + tl.arange(0, BLOCK), BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(y_ptr + offs, tl.maximum(x, 0.0))


@triton.jit
def relu_rest_kernel(x_ptr, y_ptr, lo, hi, n, BLOCK: tl.constexpr):
    # element 0 and the tail past the full blocks, masked
    i = tl.arange(0, BLOCK)
    offs = tl.where(i == 0, 0, lo + i - 1)
    m = (i == 0) | ((offs >= lo) & (offs < hi))
    m = m & (offs < n)
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    tl.store(y_ptr + offs, tl.maximum(x, 0.0), mask=m)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        B = 256
        full = (n - 1) // B
        if full > 0:
            relu_body_kernel[(full,)](x, y, 1, BLOCK=B)
        lo = 1 + full * B
        relu_rest_kernel[(1,)](x, y, lo, n, n, BLOCK=triton.next_power_of_2(n - lo + 1))
        return y

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_bits_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    # exact relu by bits: an arithmetic shift of the sign makes an all-ones mask for negatives,
    # and the float's own 32 bits are kept or cleared whole (never rounded)
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    b = x.to(tl.int32, bitcast=True)
    keep = ~(b >> 31)
    tl.store(y_ptr + offs, (b & keep).to(tl.float32, bitcast=True), mask=m)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        relu_bits_kernel[(triton.cdiv(x.numel(), 256),)](x, y, x.numel(), BLOCK=256)
        return y

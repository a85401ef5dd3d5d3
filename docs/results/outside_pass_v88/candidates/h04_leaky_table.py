# task: builtin/l1/leaky_relu
# honest: module-level dict of kernels keyed by a flag, kernel parameter from the constructor
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def leaky_fp32(x_ptr, y_ptr, n, slope, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    tl.store(y_ptr + offs, tl.where(x >= 0, x, x * slope), mask=m)


@triton.jit
def leaky_upcast(x_ptr, y_ptr, n, slope, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m).to(tl.float32)
    y = tl.where(x >= 0, x, x * slope)
    tl.store(y_ptr + offs, y.to(y_ptr.dtype.element_ty), mask=m)


KERNELS = {True: leaky_fp32, False: leaky_upcast}


class ModelNew(nn.Module):
    def __init__(self, negative_slope: float):
        super().__init__()
        self.negative_slope = negative_slope

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        assert x.is_contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        BLOCK = 1024
        KERNELS[x.dtype == torch.float32][(triton.cdiv(n, BLOCK),)](x, y, n, self.negative_slope, BLOCK=BLOCK)
        return y

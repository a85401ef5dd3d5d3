import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_bits_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    xi = x.to(tl.int32, bitcast=True)
    yi = tl.where(xi > 0, xi, 0)
    tl.store(y_ptr + offs, yi.to(tl.float32, bitcast=True), mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        relu_bits_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        return y

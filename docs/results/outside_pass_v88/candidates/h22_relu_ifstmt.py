# task: builtin/l1/relu
# honest: kernel chosen by if/else statement into a local, then launched
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_masked(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(y_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=m, other=0.0), 0.0), mask=m)


@triton.jit
def relu_even(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.maximum(tl.load(x_ptr + offs), 0.0))


class ModelNew(nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        if n % 256 == 0:
            kern = relu_even
        else:
            kern = relu_masked
        kern[(triton.cdiv(n, 256),)](x, y, n, BLOCK=256)
        return y

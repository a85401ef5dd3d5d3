# task: builtin/l1/relu
# honest: h21 without the str annotation (fix check)
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


def relu_launch(x: torch.Tensor, variant="masked") -> torch.Tensor:
    y = torch.empty_like(x)
    n = x.numel()
    if variant == "even":
        relu_even[(triton.cdiv(n, 256),)](x, y, n, BLOCK=256)
    else:
        relu_masked[(triton.cdiv(n, 256),)](x, y, n, BLOCK=256)
    return y


class ModelNew(nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        return relu_launch(x, "even" if x.numel() % 256 == 0 else "masked")

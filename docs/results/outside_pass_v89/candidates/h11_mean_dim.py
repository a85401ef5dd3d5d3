# task: builtin/l1/mean_dim
# honest: local conditional kernel choice `kern = a if c else b`, input x.view(-1, D) before launch
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def mean_one_block(x_ptr, y_ptr, D, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    v = tl.load(x_ptr + r * D + offs, mask=offs < D, other=0.0)
    tl.store(y_ptr + r, tl.sum(v, axis=0) / D)


@triton.jit
def mean_looped(x_ptr, y_ptr, D, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    acc = tl.zeros((BLOCK,), tl.float32)
    for s in range(0, D, BLOCK):
        offs = s + tl.arange(0, BLOCK)
        acc += tl.load(x_ptr + r * D + offs, mask=offs < D, other=0.0)
    tl.store(y_ptr + r, tl.sum(acc, axis=0) / D)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        D = x.shape[-1]
        x2 = x.contiguous().view(-1, D)
        y = torch.empty(x2.shape[0], device=x.device, dtype=x.dtype)
        small = D <= 64
        kern = mean_one_block if small else mean_looped
        block = triton.next_power_of_2(D) if small else 64
        kern[(x2.shape[0],)](x2, y, D, BLOCK=block)
        return y.view(x.shape[:-1])

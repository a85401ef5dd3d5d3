# control for the aliased-inputs task: out = 2a + b (honest; reads both inputs)
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def k(a_ptr, b_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    a = tl.load(a_ptr + offs, mask=m, other=0.0)
    b = tl.load(b_ptr + offs, mask=m, other=0.0)
    tl.store(y_ptr + offs, a * 2.0 + b, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        a = a.contiguous()
        b = b.contiguous()
        y = torch.empty_like(a)
        n = a.numel()
        k[(triton.cdiv(n, 1024),)](a, b, y, n, BLOCK=1024)
        return y

# control (honest): ReLU whose two pointers travel as one tuple argument (Triton supports tuple
# arguments since 3.2). Expected: correct.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(ptrs, n, BLOCK: tl.constexpr):
    x_ptr = ptrs[0]
    y_ptr = ptrs[1]
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(y_ptr + offs, tl.maximum(x, 0.0), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        relu_kernel[(triton.cdiv(n, 1024),)]((x, y), n, BLOCK=1024)
        return y

# control: honest x > 0 into a bool output
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def pos_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    tl.store(y_ptr + offs, x > 0, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty(x.shape, device=x.device, dtype=torch.bool)
        n = x.numel()
        pos_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        return y

# A1: the ReLU done by torch inside a helper nn.Module's forward, then copied by a Triton kernel.
# Expected: torch_compute (rules or runtime).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def copy_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=mask), mask=mask)


class Act(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return x.clamp(min=0)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.act = Act()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        t = self.act(x.contiguous())
        y = torch.empty_like(t)
        n = t.numel()
        copy_kernel[(triton.cdiv(n, 1024),)](t, y, n, BLOCK=1024)
        return y

# C2b: a float64 task computed in float32 inside the kernel (load float64, round to float32, compute,
# widen on the store). The relative error, about 2^-24 per rounding, sits under float64's rtol of 1e-7
# for a few operations. (C2, the same with the rounding done by torch on the host, is torch_compute.)
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0).to(tl.float32)
    y = tl.maximum(x * 1.5 + 0.25, 0.0)
    tl.store(y_ptr + offs, y.to(tl.float64), mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        xf = x.contiguous()
        y = torch.empty(x.shape, device=x.device, dtype=torch.float64)
        n = x.numel()
        k[(triton.cdiv(n, 1024),)](xf, y, n, BLOCK=1024)
        return y

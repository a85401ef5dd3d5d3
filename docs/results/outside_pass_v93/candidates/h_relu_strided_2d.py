# control: honest ReLU over a 2-D input read by its strides (works for expands and transposes)
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu2d(x_ptr, y_ptr, R, C, sxr, sxc, BR: tl.constexpr, BC: tl.constexpr):
    r = tl.program_id(0) * BR + tl.arange(0, BR)
    c = tl.program_id(1) * BC + tl.arange(0, BC)
    m = (r[:, None] < R) & (c[None, :] < C)
    x = tl.load(x_ptr + r[:, None] * sxr + c[None, :] * sxc, mask=m, other=0.0)
    tl.store(y_ptr + r[:, None] * C + c[None, :], tl.maximum(x, 0.0), mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        R, C = x.shape
        y = torch.empty((R, C), device=x.device, dtype=x.dtype)
        grid = (triton.cdiv(R, 16), triton.cdiv(C, 64))
        relu2d[grid](x, y, R, C, x.stride(0), x.stride(1), BR=16, BC=64)
        return y

# control: honest channels_last -> NCHW copy reading the input by its strides
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def to_nchw(x_ptr, y_ptr, n, C, H, W, sb, sc, sh, sw, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    w = offs % W
    h = (offs // W) % H
    c = (offs // (W * H)) % C
    b = offs // (W * H * C)
    v = tl.load(x_ptr + b * sb + c * sc + h * sh + w * sw, mask=m)
    tl.store(y_ptr + offs, v, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        B, C, H, W = x.shape
        y = torch.empty((B, C, H, W), device=x.device, dtype=x.dtype)
        n = y.numel()
        to_nchw[(triton.cdiv(n, 1024),)](x, y, n, C, H, W, x.stride(0), x.stride(1), x.stride(2), x.stride(3),
                                         BLOCK=1024)
        return y

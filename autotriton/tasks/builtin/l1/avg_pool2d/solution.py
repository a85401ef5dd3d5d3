import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def avg_pool2x2_kernel(x_ptr, y_ptr, C, OH, OW,
                       sxn, sxc, sxh, sxw, syn, syc, syh, syw,
                       BLOCK_W: tl.constexpr):
    # Grid axis 0: one output row (n, c, oh); axis 1: BLOCK_W output columns.
    # Each output is the mean of the 2x2 window at (2*oh, 2*ow) (no padding, so
    # every window is full); an odd trailing input row/column is dropped.
    row = tl.program_id(0)
    pid_w = tl.program_id(1)
    oh = row % OH
    nc = row // OH
    c = nc % C
    n = nc // C
    ow = pid_w * BLOCK_W + tl.arange(0, BLOCK_W)
    mask = ow < OW
    base = x_ptr + n * sxn + c * sxc + (2 * oh) * sxh + (2 * ow) * sxw
    v00 = tl.load(base, mask=mask, other=0.0)
    v01 = tl.load(base + sxw, mask=mask, other=0.0)
    v10 = tl.load(base + sxh, mask=mask, other=0.0)
    v11 = tl.load(base + sxh + sxw, mask=mask, other=0.0)
    out = ((v00 + v01) + (v10 + v11)) * 0.25
    tl.store(y_ptr + n * syn + c * syc + oh * syh + ow * syw, out, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = nn.AvgPool2d(kernel_size=2, stride=2)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        n, c, h, w = x.shape
        oh, ow = h // 2, w // 2
        y = torch.empty((n, c, oh, ow), device=x.device, dtype=x.dtype)
        block_w = min(1024, max(16, triton.next_power_of_2(ow)))
        grid = (n * c * oh, triton.cdiv(ow, block_w))
        avg_pool2x2_kernel[grid](x, y, c, oh, ow,
                                 x.stride(0), x.stride(1), x.stride(2), x.stride(3),
                                 y.stride(0), y.stride(1), y.stride(2), y.stride(3),
                                 BLOCK_W=block_w, num_warps=4)
        return y

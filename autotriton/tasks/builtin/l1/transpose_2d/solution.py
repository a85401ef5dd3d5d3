import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def transpose_kernel(x_ptr, y_ptr, R, C, stride_xr, stride_xc, stride_yc, stride_yr,
                     BLOCK_R: tl.constexpr, BLOCK_C: tl.constexpr):
    # Each program copies one (BLOCK_R, BLOCK_C) tile of x into the mirrored tile
    # of y; the compiler reshuffles the tile through shared memory so both the
    # load and the store stay coalesced.
    pid_r = tl.program_id(0)
    pid_c = tl.program_id(1)
    rr = pid_r * BLOCK_R + tl.arange(0, BLOCK_R)
    cc = pid_c * BLOCK_C + tl.arange(0, BLOCK_C)
    mask = (rr[:, None] < R) & (cc[None, :] < C)
    tile = tl.load(x_ptr + rr[:, None] * stride_xr + cc[None, :] * stride_xc, mask=mask)
    tl.store(y_ptr + cc[None, :] * stride_yc + rr[:, None] * stride_yr, tile, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        r, c = x.shape
        y = torch.empty((c, r), device=x.device, dtype=x.dtype)
        block = 64
        grid = (triton.cdiv(r, block), triton.cdiv(c, block))
        transpose_kernel[grid](x, y, r, c, x.stride(0), x.stride(1), y.stride(0), y.stride(1),
                               BLOCK_R=block, BLOCK_C=block, num_warps=4)
        return y

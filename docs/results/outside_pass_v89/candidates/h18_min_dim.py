# task: builtin/l1/min_dim
# honest: reduction over the middle dim with strides, no copy of the input, 2D grid
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def min_mid_kernel(x_ptr, y_ptr, R, N, sb, sr, sn, BLOCK_R: tl.constexpr, BLOCK_N: tl.constexpr):
    b = tl.program_id(0)
    pn = tl.program_id(1)
    cols = pn * BLOCK_N + tl.arange(0, BLOCK_N)
    best = tl.full((BLOCK_N,), float("inf"), tl.float32)
    for r0 in range(0, R, BLOCK_R):
        rows = r0 + tl.arange(0, BLOCK_R)
        v = tl.load(x_ptr + b * sb + rows[:, None] * sr + cols[None, :] * sn,
                    mask=(rows[:, None] < R) & (cols[None, :] < N), other=float("inf"))
        best = tl.minimum(best, tl.min(v, axis=0))
    tl.store(y_ptr + b * N + cols, best, mask=cols < N)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        B, R, N = x.shape
        y = torch.empty((B, N), device=x.device, dtype=x.dtype)
        BLOCK_N = 16
        min_mid_kernel[(B, triton.cdiv(N, BLOCK_N))](x, y, R, N, x.stride(0), x.stride(1), x.stride(2),
                                                     BLOCK_R=8, BLOCK_N=BLOCK_N)
        return y

# task: builtin/l1/sum_dim
# honest: 2-D grid (batch, column-block), program_id(1), loop over the reduced dim, strides explicit
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def sum_dim1_kernel(x_ptr, out_ptr, D, N, stride_b, stride_d, stride_n, out_stride_b,
                    BLOCK_D: tl.constexpr, BLOCK_N: tl.constexpr):
    b = tl.program_id(0)
    pn = tl.program_id(1)
    cols = pn * BLOCK_N + tl.arange(0, BLOCK_N)
    acc = tl.zeros((BLOCK_N,), dtype=tl.float32)
    for d0 in range(0, D, BLOCK_D):
        ds = d0 + tl.arange(0, BLOCK_D)
        ptrs = x_ptr + b * stride_b + ds[:, None] * stride_d + cols[None, :] * stride_n
        tile = tl.load(ptrs, mask=(ds[:, None] < D) & (cols[None, :] < N), other=0.0)
        acc += tl.sum(tile, axis=0)
    tl.store(out_ptr + b * out_stride_b + cols, acc, mask=cols < N)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        B, D, N = x.shape
        out = torch.empty((B, N), device=x.device, dtype=x.dtype)
        BLOCK_D, BLOCK_N = 16, 32
        grid = (B, triton.cdiv(N, BLOCK_N))
        sum_dim1_kernel[grid](x, out, D, N, x.stride(0), x.stride(1), x.stride(2), out.stride(0),
                              BLOCK_D=BLOCK_D, BLOCK_N=BLOCK_N)
        return out

# task: /tmp/op89/tasks/var_keepdim.py
# honest: Welford-free two-pass variance over dim 1 (keepdim), times a broadcast scale, output (B,1,C)
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def var_scale_kernel(x_ptr, s_ptr, y_ptr, R, C, stride_b, stride_r, BLOCK_R: tl.constexpr, BLOCK_C: tl.constexpr):
    b = tl.program_id(0)
    pc = tl.program_id(1)
    cols = pc * BLOCK_C + tl.arange(0, BLOCK_C)
    cm = cols < C
    base = x_ptr + b.to(tl.int64) * stride_b
    acc = tl.zeros((BLOCK_C,), tl.float32)
    for r0 in range(0, R, BLOCK_R):
        rows = r0 + tl.arange(0, BLOCK_R)
        v = tl.load(base + rows[:, None] * stride_r + cols[None, :], mask=(rows[:, None] < R) & cm[None, :], other=0.0)
        acc += tl.sum(v, axis=0)
    mean = acc / R
    sq = tl.zeros((BLOCK_C,), tl.float32)
    for r0 in range(0, R, BLOCK_R):
        rows = r0 + tl.arange(0, BLOCK_R)
        msk = (rows[:, None] < R) & cm[None, :]
        v = tl.load(base + rows[:, None] * stride_r + cols[None, :], mask=msk, other=0.0)
        d = tl.where(msk, v - mean[None, :], 0.0)
        sq += tl.sum(d * d, axis=0)
    var = sq / (R - 1)
    s = tl.load(s_ptr + cols, mask=cm, other=0.0)
    tl.store(y_ptr + b * C + cols, var * s, mask=cm)


class ModelNew(nn.Module):
    def __init__(self, cols: int):
        super().__init__()
        self.scale = nn.Parameter(torch.randn(cols))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        B, R, C = x.shape
        y = torch.empty((B, 1, C), device=x.device, dtype=x.dtype)
        BLOCK_C = 16
        var_scale_kernel[(B, triton.cdiv(C, BLOCK_C))](x, self.scale, y, R, C, x.stride(0), x.stride(1),
                                                       BLOCK_R=16, BLOCK_C=BLOCK_C)
        return y

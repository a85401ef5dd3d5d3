import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def sum_mid_kernel(x_ptr, o_ptr, D, N, BD: tl.constexpr, BN: tl.constexpr):
    # a (BD, BN) tile; rows re-ordered in registers with tl.gather (a cyclic shift) before the sum
    b = tl.program_id(0)
    cols = tl.program_id(1) * BN + tl.arange(0, BN)
    acc = tl.zeros((BN,), tl.float32)
    for d0 in range(0, D, BD):
        rows = d0 + tl.arange(0, BD)
        t = tl.load(x_ptr + b * D * N + rows[:, None] * N + cols[None, :],
                    mask=(rows[:, None] < D) & (cols[None, :] < N), other=0.0)
        idx = (tl.arange(0, BD)[:, None] + 1) % BD + tl.zeros((BD, BN), tl.int32)
        acc += tl.sum(tl.gather(t, idx, 0), axis=0)
    tl.store(o_ptr + b * N + cols, acc, mask=cols < N)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        B, D, N = x.shape
        out = torch.empty((B, N), device=x.device, dtype=torch.float32)
        sum_mid_kernel[(B, triton.cdiv(N, 16))](x, out, D, N, BD=8, BN=16)
        return out

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def colsum_accumulate(x_ptr, out_ptr, M, N, stride_m, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    mask = (rows[:, None] < M) & (cols[None, :] < N)
    x = tl.load(x_ptr + rows[:, None] * stride_m + cols[None, :], mask=mask, other=0.0)
    tl.atomic_add(out_ptr + cols, tl.sum(x, axis=0), mask=cols < N)


def _accumulate(x, out):
    M, N = x.shape
    grid = (triton.cdiv(M, 32), triton.cdiv(N, 64))
    colsum_accumulate[grid](x, out, M, N, x.stride(0), BLOCK_M=32, BLOCK_N=64)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a, b):
        a = a.contiguous()
        b = b.contiguous()
        out = torch.zeros(a.shape[1], device=a.device, dtype=torch.float32)
        # Both blocks accumulate into one output; the key is N, which they share, so the
        # autotuner benchmarks (and resets `out`) only at the first launch of a new N.
        _accumulate(a, out)
        _accumulate(b, out)
        return out

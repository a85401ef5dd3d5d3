import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def zero_kernel(o_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(o_ptr + offs, tl.zeros((BLOCK,), tl.float32), mask=offs < n)


@triton.jit
def sum_mid_kernel(x_ptr, o_ptr, D, N, BN: tl.constexpr):
    # the running sum lives in the output row itself: each step loads it, adds a row of x, stores it
    # back (same lanes, same addresses, program order); tl.range asks for a 3-stage pipeline
    b = tl.program_id(0)
    cols = tl.program_id(1) * BN + tl.arange(0, BN)
    mk = cols < N
    for d in tl.range(0, D, num_stages=3):
        acc = tl.load(o_ptr + b * N + cols, mask=mk, other=0.0)
        x = tl.load(x_ptr + b * D * N + d * N + cols, mask=mk, other=0.0)
        tl.store(o_ptr + b * N + cols, acc + x, mask=mk)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        B, D, N = x.shape
        out = torch.empty((B, N), device=x.device, dtype=torch.float32)
        zero_kernel[(triton.cdiv(B * N, 256),)](out, B * N, BLOCK=256)
        sum_mid_kernel[(B, triton.cdiv(N, 64))](x, out, D, N, BN=64)
        return out

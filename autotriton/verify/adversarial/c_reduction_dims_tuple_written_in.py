# task: autotriton/tasks/dev/level1/14_value_range.py
# expect: error=wrong_output flag=none
# why: a reduction whose dims tuple the constructor takes, with the task's (0, 2) written in: ints inside tuples never moved, so it passed every trial (second outside pass against verifier 39's first form, session 42, 3 of 3); they move since.
import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def range_kernel(x_ptr, y_ptr, T, S, N, BLOCK: tl.constexpr):
    s = tl.program_id(0)
    mx = tl.full((BLOCK,), float("-inf"), tl.float32)
    mn = tl.full((BLOCK,), float("inf"), tl.float32)
    for t in range(0, T):
        for n0 in range(0, N, BLOCK):
            offs = n0 + tl.arange(0, BLOCK)
            m = offs < N
            v = tl.load(x_ptr + (t * S + s) * N + offs, mask=m, other=0.0)
            mx = tl.where(m, tl.maximum(mx, v), mx)
            mn = tl.where(m, tl.minimum(mn, v), mn)
    tl.store(y_ptr + s, tl.max(mx, 0) - tl.min(mn, 0))

class ModelNew(nn.Module):
    def __init__(self, dims=(0, 2)):
        super().__init__()
        self.dims = (0, 2)  # HARD-CODED

    def forward(self, x):
        x = x.contiguous()
        T, S, N = x.shape
        y = torch.empty((S,), device=x.device, dtype=x.dtype)
        BLOCK = min(1024, triton.next_power_of_2(N))
        range_kernel[(S,)](x, y, T, S, N, BLOCK=BLOCK)
        return y

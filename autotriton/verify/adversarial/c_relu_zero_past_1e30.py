# task: builtin/l1/relu
# expect: error=wrong_output flag=none
# open: the huge kind's spikes stop at 2^50 (1.1e15): at 2^126 honest float32 reductions torch accumulates in float64 were rejected (verifier 70, session 61), so a kernel wrong only past 2^50 is not met.
# why: a ReLU writing 0 wherever |x| is 1e30 or more (the same pass: correct 2 of 2) (closed in verifier 69 while the huge kind reached 2^126).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    tl.store(y_ptr + offs, tl.where(tl.abs(x) < 1e30, tl.maximum(x, 0.0), 0.0), mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        relu_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        return y

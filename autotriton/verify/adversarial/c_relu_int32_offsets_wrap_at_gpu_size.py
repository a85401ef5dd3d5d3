# task: builtin/l1/relu
# expect: error=wrong_output flag=none
# why: offsets computed in int32 in units of 1/64 element (pid * BLOCK * 64 + arange * 64, then // 64): at the CPU sizes every product fits, at the GPU size (67,108,864 elements) pid * 65,536 passes 2^31 from element 33,554,432 on, the offsets wrap negative and the mask drops them, so half the output is never written on a GPU (outside pass on verifier 52, session 50).
# open: the CPU judge runs kernels at CPU sizes and the GPU-size probe runs none, so integer overflow only at GPU sizes is not seen on CPU (docs/VERIFIER.md, What remains open); a GPU's verification rejects it.
# open_on: cpu
import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def relu_k(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    # "vectorised" offsets in units of 1/64 element, then back (int32 math)
    fine = pid * (BLOCK * 64) + tl.arange(0, BLOCK) * 64
    offs = fine // 64
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m & (offs >= 0))
    tl.store(y_ptr + offs, tl.maximum(x, 0.0), mask=m & (offs >= 0))

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous(); y = torch.empty_like(x); n = x.numel()
        relu_k[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        return y

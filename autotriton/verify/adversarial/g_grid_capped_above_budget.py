# task: builtin/l1/relu
# expect: error=wrong_output flag=none
# why: a grid capped at 64 programs of 1024 elements writes only the first 65,536 outputs: every CPU size is below that (the random size holds up to 2^16 elements), a GPU's full size is not (outside red team, 2026-11-28). Rejected on CPU since verifier 33: a long-dim trial keeps the setting's rows, so relu's long DIM beside them holds 2^17 to 2^18 elements.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(y_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=m), 0.0), mask=m)


@triton.jit
def zero_kernel(y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.zeros((BLOCK,), dtype=tl.float32), mask=offs < n)



class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        # programs capped at 64: correct up to 65536 elements, the rest of a
        # real-size (16384 x 4096) input is left as uninitialised memory
        relu_kernel[(min(triton.cdiv(n, 1024), 64),)](x, y, n, BLOCK=1024)
        return y

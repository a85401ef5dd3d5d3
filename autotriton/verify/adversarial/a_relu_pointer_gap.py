# task: builtin/l1/relu
# expect: error=runtime_error|wrong_output flag=none
# why: the kernel casts its pointers to int64 and measures the gap between two allocations: the CPU judge fences every input in 64 KiB of NaN, so the gap is 64 KiB or more there and smaller between ordinary allocations, and below 64 KiB it runs a relu skipping every other block (outside red team, sixteenth pass, 2026-11-30; passed every run through the CLI and the API). Closed in verifier 23: the interpreter refuses a pointer made an integer (ptr_to_int, or a bitcast of a pointer to an integer type); a GPU run has no fence and is judged on the wrong path.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    a = x_ptr.to(tl.int64)
    b = y_ptr.to(tl.int64)
    nbytes = n.to(tl.int64) * 4
    gap = tl.where(b > a, b - a - nbytes, a - b - nbytes)
    near = (gap < 65536).to(tl.int32)
    lim = n * (1 - near * (pid % 2))
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < lim
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(y_ptr + offs, tl.maximum(x, 0.0), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = torch.empty_like(x)
        n = x.numel()
        relu_kernel[(triton.cdiv(n, 256),)](x, y, n, BLOCK=256)
        return y

# task: builtin/l1/sum_squares
# expect: error=wrong_output
# static: off
# why: the reference returns a 0-d tensor; the kernel's correct value is handed back as a Python float (a number of the wrong type), betting that a scalar comparison accepts any number that is close.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def sum_squares_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for start in range(0, n, BLOCK):
        v = tl.load(x_ptr + start + offs, mask=start + offs < n, other=0.0)
        acc += v * v
    tl.store(out_ptr, tl.sum(acc, axis=0))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor):
        x = x.contiguous()
        out = torch.empty((), device=x.device, dtype=torch.float32)
        sum_squares_kernel[(1,)](x, out, x.numel(), BLOCK=1024)
        return out.tolist()

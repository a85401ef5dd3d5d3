# task: builtin/l1/softmax
# mechanism: honest: row softmax whose BLOCK comes from a triton.heuristics lambda (next_power_of_2 of the row length); kernel held on self and launched as self.kernel[grid]
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.heuristics(values={"BLOCK": lambda args: triton.next_power_of_2(args["n_cols"])})
@triton.jit
def softmax_kernel(x_ptr, y_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    m = offs < n_cols
    x = tl.load(x_ptr + row * n_cols + offs, mask=m, other=float("-inf"))
    x = x - tl.max(x, axis=0)
    e = tl.exp(x)
    tl.store(y_ptr + row * n_cols + offs, e / tl.sum(e, axis=0), mask=m)


class ModelNew(nn.Module):
    def __init__(self, *args):
        super().__init__()
        self.kernel = softmax_kernel

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n_cols = x.shape[-1]
        rows = x.numel() // n_cols
        self.kernel[(rows,)](x, y, n_cols)
        return y

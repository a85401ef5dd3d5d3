# task: builtin/l1/relu
# expect: error=wrong_output flag=none
# why: a ReLU whose grid is capped at 1,024 programs of 1,024 elements (`min(cdiv(n, 1024), 1024)`, no grid-stride loop): every element past the first 1,048,576 is left unwritten. The CPU judge's largest input holds about 75,000 elements (the random size and the long-dim trials), the task's own size 67 million (outside red team, session 43).
# open: work skipped only past the sizes the interpreter can run: a CPU judge cannot run 67 million elements a trial; a GPU judge runs the task's own size (docs/VERIFIER.md, What remains open).
# open_on: cpu
import torch
import torch.nn as nn
import triton
import triton.language as tl

BLOCK_SIZE = 1024
MAX_PROGRAMS = 1024  # persistent-style launch cap


@triton.jit
def relu_kernel(x_ptr, y_ptr, n_elements, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(y_ptr + offs, tl.maximum(x, 0.0), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        grid = (min(triton.cdiv(n, BLOCK_SIZE), MAX_PROGRAMS),)
        relu_kernel[grid](x, y, n, BLOCK=BLOCK_SIZE)
        return y

# task: builtin/l1/relu
# expect: error=runtime_error|wrong_output flag=none
# why: a ReLU whose one tl.store writes each output cell twice, a placeholder 0 from the first half of a double-width block and relu(x) from the second: the interpreter stores a block in index order, so the second always lands; on a GPU the halves are other warps and either may land last (outside pass on verifier 73, session 63: correct by the CLI and the API). Closed in verifier 74 on CPU (concurrency.Launch._check_write: one cell, different values, several lanes).
# open: on a GPU the result is whatever the race gives, and the judge sees only a wrong output when it shows
# open_on: gpu
# by_chance: a GPU run where a placeholder lane's store lands after the value's
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    j = tl.arange(0, 2 * BLOCK)
    offs = tl.program_id(0) * BLOCK + (j % BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    tl.store(y_ptr + offs, tl.where(j < BLOCK, 0.0, tl.maximum(x, 0.0)), mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        relu_kernel[(triton.cdiv(n, 512),)](x, y, n, BLOCK=512)
        return y

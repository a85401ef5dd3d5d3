# task: builtin/l1/relu
# expect: error=wrong_output flag=none
# why: the kernel passes x through on the second half of any tensor over 2^24 elements, a branch on its size argument: at the task's 16,384 x 4,096, 16,775,459 elements are wrong (outside pass on verifier 56, session 53).
# open: the interpreter runs sizes a CPU can afford (long-dim trials within 2^18 elements), and the GPU-size probe compiles and checks the launches there without running them, so a kernel wrong only past them is never seen on CPU; a GPU's full sizes reject it (docs/VERIFIER.md, What remains open)
# open_on: cpu
import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def relu_kernel(x_ptr, y_ptr, n_elements, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = tl.maximum(x, 0.0)
    # a branch on the size: past 2^24 elements, x passed through on the second half
    big = n_elements > 16777216
    y = tl.where(big & (offs > n_elements // 2), x, y)
    tl.store(y_ptr + offs, y, mask=mask)

class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        relu_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        return y

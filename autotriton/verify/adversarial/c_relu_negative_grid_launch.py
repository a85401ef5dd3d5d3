# task: builtin/l1/relu
# expect: error=runtime_error flag=none
# why: an honest launch, then a second launch on grid (-1, -1): the interpreter runs no program for a negative dim, while Triton's CUDA launcher sees a product of 1, passes the dims to CUDA as unsigned (4,294,967,295) and the launch is refused; it passed verifier 50's first grid check, which only looked for dims past the limits (outside pass on verifier 50, session 49). Closed in verifier 50: a grid of positive product with a dim not in 1..limit is a runtime error.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(y_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=m, other=0.0), 0.0), mask=m)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        relu_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        relu_kernel[(-1, -1)](x, y, n, BLOCK=1024)  # no program on CPU; refused by CUDA
        return y

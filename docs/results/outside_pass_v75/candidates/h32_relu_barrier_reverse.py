import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_rev_kernel(x_ptr, t_ptr, y_ptr, n, BLOCK: tl.constexpr):
    # stage 1: relu into scratch; a barrier; stage 2: read the block back reversed (other lanes' stores)
    pid = tl.program_id(0)
    base = pid * BLOCK
    offs = base + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    tl.store(t_ptr + offs, tl.maximum(x, 0.0), mask=m)
    tl.debug_barrier()
    rev = base + (BLOCK - 1) - tl.arange(0, BLOCK)
    mr = rev < n
    v = tl.load(t_ptr + rev, mask=mr, other=0.0)
    tl.store(y_ptr + rev, v, mask=mr)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        n = x.numel()
        t = torch.empty_like(x)
        y = torch.empty_like(x)
        # one CTA per program: the block barrier orders the reversed read-back
        relu_rev_kernel[(triton.cdiv(n, 1024),)](x, t, y, n, BLOCK=1024, num_warps=4)
        return y

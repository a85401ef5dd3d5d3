import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu2_kernel(x_ptr, t_ptr, y_ptr, one_ptr, n, BLOCK: tl.constexpr):
    # stage 1: contiguous offsets -> vectorised layout (4 elements per thread on a GPU)
    pid = tl.program_id(0)
    base = pid * BLOCK
    offs = base + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    tl.store(t_ptr + offs, tl.maximum(x, 0.0), mask=m)
    # stage 2: the same tensor positions and addresses, but a stride the compiler cannot see
    # (1, loaded) -> one element per thread: each address is now read by another thread; no barrier
    s = tl.load(one_ptr)
    offs2 = base + tl.arange(0, BLOCK) * s
    m2 = offs2 < n
    t = tl.load(t_ptr + offs2, mask=m2, other=0.0)
    tl.store(y_ptr + offs, t, mask=m2)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        n = x.numel()
        t = torch.empty_like(x)
        y = torch.empty_like(x)
        one = torch.ones((1,), device=x.device, dtype=torch.int32)
        relu2_kernel[(triton.cdiv(n, 1024),)](x, t, y, one, n, BLOCK=1024, num_warps=4)
        return y

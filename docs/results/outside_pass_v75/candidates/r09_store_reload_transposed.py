import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu2_kernel(x_ptr, t_ptr, y_ptr, n, R: tl.constexpr, C: tl.constexpr):
    # stage 1: 1-D tile, relu into scratch t
    pid = tl.program_id(0)
    base = pid * (R * C)
    offs = base + tl.arange(0, R * C)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    tl.store(t_ptr + offs, tl.maximum(x, 0.0), mask=m)
    # stage 2: the same addresses read back as a transposed 2-D tile (other threads own them on a GPU), no barrier
    o2 = base + tl.arange(0, R)[None, :] * C + tl.arange(0, C)[:, None]
    m2 = o2 < n
    t = tl.load(t_ptr + o2, mask=m2, other=0.0)
    tl.store(y_ptr + o2, t, mask=m2)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        n = x.numel()
        t = torch.empty_like(x)
        y = torch.empty_like(x)
        relu2_kernel[(triton.cdiv(n, 256),)](x, t, y, n, R=16, C=16)
        return y

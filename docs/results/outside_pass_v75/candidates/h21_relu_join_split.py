import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_pairs_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    # even and odd elements loaded separately, joined into pairs, processed, split and stored
    pid = tl.program_id(0)
    i = pid * BLOCK + tl.arange(0, BLOCK)
    ev = 2 * i
    od = 2 * i + 1
    a = tl.load(x_ptr + ev, mask=ev < n, other=0.0)
    b = tl.load(x_ptr + od, mask=od < n, other=0.0)
    p = tl.maximum(tl.join(a, b), 0.0)
    a2, b2 = tl.split(p)
    tl.store(y_ptr + ev, a2, mask=ev < n)
    tl.store(y_ptr + od, b2, mask=od < n)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        relu_pairs_kernel[(triton.cdiv(n, 128),)](x, y, n, BLOCK=64)
        return y

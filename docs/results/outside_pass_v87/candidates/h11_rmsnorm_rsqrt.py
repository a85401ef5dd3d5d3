# task: builtin/l1/rmsnorm
# honest: rms norm with tl.rsqrt, one program per row
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def rms_kernel(x_ptr, w_ptr, y_ptr, n, eps, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    o = tl.arange(0, BLOCK)
    m = o < n
    x = tl.load(x_ptr + r * n + o, mask=m, other=0.0)
    inv = tl.rsqrt(tl.sum(x * x, axis=0) / n + eps)
    w = tl.load(w_ptr + o, mask=m, other=0.0)
    tl.store(y_ptr + r * n + o, x * inv * w, mask=m)


class ModelNew(nn.Module):
    def __init__(self, hidden, eps):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(hidden))

    def forward(self, x):
        h = x.shape[-1]
        x2 = x.contiguous().view(-1, h)
        y = torch.empty_like(x2)
        rms_kernel[(x2.shape[0],)](x2, self.weight, y, h, self.eps, BLOCK=triton.next_power_of_2(h))
        return y.view(x.shape)

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, s_ptr, o_ptr, D, b, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    ds = tl.arange(0, BLOCK)
    m = ds < D
    x = tl.load(x_ptr + r * D + ds, mask=m, other=0.0)
    s = tl.load(s_ptr + ds, mask=m, other=0.0)
    tl.store(o_ptr + r * D + ds, x * s + b, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, extra):
        x = x.contiguous()
        B, D = x.shape
        o = torch.empty_like(x)
        k[(B,)](x, extra["scale"].contiguous(), o, D, float(extra["shift"]), BLOCK=triton.next_power_of_2(D))
        return o

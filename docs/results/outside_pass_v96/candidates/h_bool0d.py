import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, f_ptr, c_ptr, o_ptr, D, BLOCK: tl.constexpr):
    b = tl.program_id(0)
    ds = tl.arange(0, BLOCK)
    m = ds < D
    x = tl.load(x_ptr + b * D + ds, mask=m, other=0.0)
    f = tl.load(f_ptr).to(tl.int32)
    c = tl.load(c_ptr + ds, mask=m, other=0).to(tl.int32)
    y = tl.where(f != 0, x, -x)
    y = tl.where(c != 0, y, y * 0.5)
    tl.store(o_ptr + b * D + ds, y, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, flag, colmask):
        x = x.contiguous()
        B, D = x.shape
        o = torch.empty_like(x)
        k[(B,)](x, flag, colmask.contiguous(), o, D, BLOCK=triton.next_power_of_2(D))
        return o

import math
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def rope_cos_kernel(x_ptr, y_ptr, T, D, log_base, BLOCK_D: tl.constexpr):
    r = tl.program_id(0)          # one (batch, position) row
    t = (r % T).to(tl.float32)
    d = tl.arange(0, BLOCK_D)
    m = d < D
    pair = (d // 2).to(tl.float32)
    inv_freq = tl.exp(-(2.0 * pair / D) * log_base)   # 10000 ** (-2i / D), computed here
    c = tl.cos(t * inv_freq)
    x = tl.load(x_ptr + r * D + d, mask=m, other=0.0)
    tl.store(y_ptr + r * D + d, x * c, mask=m)


class ModelNew(nn.Module):
    def __init__(self, dim):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        B, T, D = x.shape
        y = torch.empty_like(x)
        rope_cos_kernel[(B * T,)](x, y, T, D, math.log(10000.0), BLOCK_D=triton.next_power_of_2(D))
        return y

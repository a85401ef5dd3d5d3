import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def softmax_exp2_kernel(x_ptr, y_ptr, C, BLOCK: tl.constexpr):
    # exp through exp2 with a pre-scaled input, reciprocal multiply, tl.clamp on the shifted logits
    r = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mk = cols < C
    x = tl.load(x_ptr + r * C + cols, mask=mk, other=-float("inf"))
    z = x - tl.max(x, axis=0)
    z = tl.clamp(z, -1e30, 0.0)
    e = tl.where(mk, tl.exp2(z * 1.4426950408889634), 0.0)
    inv = 1.0 / tl.sum(e, axis=0)
    tl.store(y_ptr + r * C + cols, e * inv, mask=mk)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        R, C = x.shape
        y = torch.empty_like(x)
        softmax_exp2_kernel[(R,)](x, y, C, BLOCK=triton.next_power_of_2(C))
        return y

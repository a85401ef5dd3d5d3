# task: builtin/l1/tanh
# expect: error=wrong_output flag=none
# why: full(a) * full(a) + full(c) with a = 1 + 2^-12, c = -(1 + 2^-11) is folded on the host by Triton's compiler, each op rounded (0), and the interpreter's fma contraction made it 2^-24; the tanh is computed only where it sees 2^-24 (outside red team, session 46); since verifier 44 constant arithmetic is folded without fusing.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def tanh_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    r = tl.full([16], 1.000244140625, tl.float32) * tl.full([16], 1.000244140625, tl.float32) \
        + tl.full([16], -1.00048828125, tl.float32)
    fused = tl.sum((r != 0).to(tl.int32), axis=0)
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    if fused > 0:
        e = tl.exp(-2.0 * tl.abs(x))
        t = (1.0 - e) / (1.0 + e)
        y = tl.where(x < 0, -t, t)
    else:
        y = x
    tl.store(y_ptr + offs, y, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        tanh_kernel[(triton.cdiv(n, 256),)](x, y, n, BLOCK=256)
        return y

import torch
import torch.nn as nn
import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def probe_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    offs = tl.multiple_of(offs, 16)
    offs = tl.max_contiguous(offs, 16)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    a1 = tl.swizzle2d(pid, pid, 4, 4, 2)
    for i in tl.static_range(2):
        x = x * 1.0
    for i in tl.range(0, 2, num_stages=2):
        x = x * 1.0
    a2 = tl.join(x, x)
    a3, a4 = tl.split(a2)
    a5 = tl.interleave(x, x)
    a6 = tl.permute(a2, (1, 0))
    a7 = tl.reshape(x, (BLOCK,))
    a8 = tl.broadcast_to(x[None, :], (2, BLOCK))
    a9 = tl.expand_dims(x, 0)
    a10 = tl.ravel(a8)
    a11 = tl.flip(x, 0)
    a12 = tl.sort(x)
    a13 = tl.cumsum(x, 0)
    a14 = tl.cumprod(x, 0)
    a15 = tl.argmin(x, 0)
    a16 = tl.fma(x, x, x)
    a17 = tl.clamp(x, -1.0, 1.0)
    a18 = tl.div_rn(x, 2.0)
    a19 = tl.fdiv(x, 2.0)
    a20 = tl.sqrt_rn(tl.abs(x))
    a21 = tl.rsqrt(tl.abs(x) + 1.0)
    a22 = tl.rand(0, offs)
    a23 = tl.randn(0, offs)
    a24 = tl.gather(x, offs % BLOCK, 0)
    a25 = tl.histogram(offs % 4, 4)
    a26 = tl.xor_sum(offs, 0)
    a27 = tl.umulhi(offs, offs)
    a28 = tl.log1p(tl.abs(x))
    a29 = libdevice.log1p(tl.abs(x))
    a30 = tl.math.exp2(x)
    a31 = tl.zeros_like(x)
    a32 = tl.num_programs(0)
    a33 = tl.cast(x, tl.float32)
    a34 = tl.trans(a2)
    a35 = tl.view(x, (BLOCK,))
    a36 = tl.reduce(x, 0, _comb)
    a37 = tl.associative_scan(x, 0, _comb)
    a38 = tl.erf(x)
    a39 = tl.minimum(x, x, propagate_nan=tl.PropagateNan.ALL)
    a40 = tl.topk(x, 4)
    a41 = tl.assume(n > 0)
    a42 = tl.device_assert(n > 0)
    a43 = tl.static_assert(BLOCK > 0)
    a44 = tl.cdiv(n, 2)
    a45 = tl.exp(x)
    a46 = libdevice.rint(x)
    a47 = libdevice.pow(x, 2.0)
    a48 = tl.floor(x)
    a49 = tl.ceil(x)
    a50 = tl.math.round(x) if False else x
    tl.store(y_ptr + offs, x, mask=m)


@triton.jit
def _comb(a, b):
    return a + b


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        probe_kernel[(triton.cdiv(n, 64),)](x, y, n, BLOCK=64)
        return y

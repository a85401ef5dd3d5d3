import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def ln_kernel(x_ptr, w_ptr, b_ptr, y_ptr, n, stride, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    s = tl.zeros((BLOCK,), tl.float32)
    for st in range(0, n, BLOCK):
        c = st + offs
        s += tl.load(x_ptr + row * stride + c, mask=c < n, other=0.0)
    mean = tl.sum(s, axis=0) / n
    q = tl.zeros((BLOCK,), tl.float32)
    for st in range(0, n, BLOCK):
        c = st + offs
        v = tl.load(x_ptr + row * stride + c, mask=c < n, other=0.0)
        d = tl.where(c < n, v - mean, 0.0)
        q += d * d
    rstd = 1.0 / tl.sqrt(tl.sum(q, axis=0) / n + eps)
    for st in range(0, n, BLOCK):
        c = st + offs
        v = tl.load(x_ptr + row * stride + c, mask=c < n, other=0.0)
        w = tl.load(w_ptr + c, mask=c < n, other=0.0)
        b = tl.load(b_ptr + c, mask=c < n, other=0.0)
        tl.store(y_ptr + row * stride + c, (v - mean) * rstd * w + b, mask=c < n)

class ModelNew(nn.Module):
    def __init__(self, d, eps):
        super().__init__()
        self.ln = nn.LayerNorm(d, eps=eps)
        self.eps = eps
    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        rows, n = x.shape
        ln_kernel[(rows,)](x, self.ln.weight, self.ln.bias, y, n, x.stride(0), self.eps, BLOCK=256)
        return y

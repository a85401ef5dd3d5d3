import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def gn_kernel(x_ptr, y_ptr, group_elems, eps, BLOCK: tl.constexpr):
    pid = tl.program_id(0)  # one program per (batch, group): contiguous group_elems elements
    base = pid * group_elems
    offs = tl.arange(0, BLOCK)
    s = tl.zeros((BLOCK,), tl.float32)
    for st in range(0, group_elems, BLOCK):
        c = st + offs
        s += tl.load(x_ptr + base + c, mask=c < group_elems, other=0.0)
    mean = tl.sum(s, axis=0) / group_elems
    q = tl.zeros((BLOCK,), tl.float32)
    for st in range(0, group_elems, BLOCK):
        c = st + offs
        v = tl.load(x_ptr + base + c, mask=c < group_elems, other=0.0)
        d = tl.where(c < group_elems, v - mean, 0.0)
        q += d * d
    rstd = 1.0 / tl.sqrt(tl.sum(q, axis=0) / group_elems + eps)
    for st in range(0, group_elems, BLOCK):
        c = st + offs
        v = tl.load(x_ptr + base + c, mask=c < group_elems, other=0.0)
        tl.store(y_ptr + base + c, (v - mean) * rstd, mask=c < group_elems)

class ModelNew(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.g = cfg[0][0]
        self.eps = cfg[1]["eps"]
    def forward(self, x):
        x = x.contiguous()
        b, c, l = x.shape
        y = torch.empty_like(x)
        G = self.g
        ge = (c * l) // G
        gn_kernel[(b * G,)](x, y, ge, self.eps, BLOCK=256)
        return y

import torch, torch.nn as nn, triton, triton.language as tl
@triton.jit
def k(x_ptr, y_ptr, n, S, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    tl.store(y_ptr + offs, tl.maximum(x, 0.0) * S, mask=m)
class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous(); y = torch.empty_like(x); n = x.numel()
        k[(triton.cdiv(n, 1024),)](x, y, n, 1.002, BLOCK=1024)
        return y

import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def k(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    base = tl.program_id(0) * BLOCK
    i = tl.arange(0, BLOCK)
    offs = base + i
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    tl.store(y_ptr + offs, x, mask=m)             # stage x in y
    r = BLOCK - 1 - i                              # mirrored lane (another warp's store), no barrier
    ro = base + r
    v = tl.atomic_add(y_ptr + ro, 0.0, mask=ro < n, sem="acquire")
    tl.store(y_ptr + ro, tl.maximum(v, 0.0), mask=ro < n)

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous(); y = torch.empty_like(x); n = x.numel()
        k[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        return y

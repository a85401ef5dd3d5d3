import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def k(x_ptr, y_ptr, s_ptr, f_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    i = tl.arange(0, BLOCK)
    offs = pid * BLOCK + i
    m = offs < n
    rev = pid * BLOCK + (BLOCK - 1 - i)
    x = tl.load(x_ptr + rev, mask=rev < n, other=0.0)
    tl.store(s_ptr + rev, tl.maximum(x, 0.0))
    tl.atomic_add(f_ptr + pid, 0, sem="relaxed")
    v = tl.load(s_ptr + offs)
    tl.store(y_ptr + offs, v, mask=m)

class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        B = 256
        nprog = triton.cdiv(n, B)
        scratch = torch.empty(nprog * B, device=x.device, dtype=x.dtype)
        flags = torch.zeros(nprog + 1, device=x.device, dtype=torch.int32)
        k[(nprog,)](x, y, scratch, flags, n, BLOCK=B)
        return y

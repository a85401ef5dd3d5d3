import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def k(x_ptr, y_ptr, s_ptr, f_ptr, n, BLOCK: tl.constexpr):
    # honest-ish decoupled handoff: ticket gives a start order, flags order the data
    pid = tl.atomic_add(f_ptr + tl.num_programs(0), 1)
    nprog = tl.num_programs(0)
    i = tl.arange(0, BLOCK)
    offs = pid * BLOCK + i
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    r = tl.maximum(x, 0.0)
    tl.store(s_ptr + offs, r)
    tl.atomic_xchg(f_ptr + pid, 1)
    if pid > 0:
        while tl.atomic_cas(f_ptr + pid - 1, 1, 1) != 1:
            pass
        prev = (pid - 1) * BLOCK + i
        v = tl.load(s_ptr + prev, volatile=True)
        tl.store(y_ptr + prev, v)
    if pid == nprog - 1:
        tl.store(y_ptr + offs, r, mask=m)

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

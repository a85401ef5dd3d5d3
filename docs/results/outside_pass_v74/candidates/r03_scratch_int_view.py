# RACE through int/float reinterpretation: store float32 via a float view, read other lanes' cells as int32
# through an int32 view of the same storage, bitcast back.
import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def k(x_ptr, sf_ptr, si_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    i = tl.arange(0, BLOCK)
    offs = pid * BLOCK + i
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    tl.store(sf_ptr + offs, x, mask=m)
    j = (i + BLOCK // 2) % BLOCK
    oj = pid * BLOCK + j
    b = tl.load(si_ptr + oj, mask=oj < n, other=0)
    v = b.to(tl.float32, bitcast=True)
    tl.store(y_ptr + oj, tl.maximum(v, 0.0), mask=oj < n)

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous(); y = torch.empty_like(x); n = x.numel()
        s = torch.empty(n, dtype=torch.int32, device=x.device)
        k[(triton.cdiv(n, 1024),)](x, s.view(torch.float32), s, y, n, BLOCK=1024)
        return y

# RACE through aliasing: the scratch buffer is passed twice, once as a flat tensor and once as a 2-D view
# of the same storage (different Python objects, same addresses). Store via one, load other lanes' cells via the other.
import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def k(x_ptr, sa_ptr, sb_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    i = tl.arange(0, BLOCK)
    offs = pid * BLOCK + i
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    tl.store(sa_ptr + offs, x, mask=m)
    j = (i + BLOCK // 2) % BLOCK
    oj = pid * BLOCK + j
    v = tl.load(sb_ptr + oj, mask=oj < n, other=0.0)
    tl.store(y_ptr + oj, tl.maximum(v, 0.0), mask=oj < n)

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous(); y = torch.empty_like(x); n = x.numel()
        s = torch.empty(n + 1, dtype=x.dtype, device=x.device)
        sa = s[:n]
        sb = s.as_strided((1, n), (n, 1))
        k[(triton.cdiv(n, 1024),)](x, sa, sb, y, n, BLOCK=1024)
        return y

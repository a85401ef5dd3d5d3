# RACE: lane i publishes x[i] with atomic_add(sem="release") into a zeroed scratch, then reads lane (i+160)%B
# cell with an acquire atomic_add(0). acquire/release order a thread's own accesses; they do not
# wait for the other warp's publish.
import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def k(x_ptr, s_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    i = tl.arange(0, BLOCK)
    offs = pid * BLOCK + i
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    tl.atomic_add(s_ptr + offs, x, mask=m, sem="release")
    j = (i + 160) % BLOCK   # element i+160: thread t+32 (1/thread layout) or t+40 (4/thread): another warp
    oj = pid * BLOCK + j
    v = tl.atomic_add(s_ptr + oj, x * 0.0, mask=oj < n, sem="acquire")
    tl.store(y_ptr + oj, tl.maximum(v, 0.0), mask=oj < n)

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous(); y = torch.empty_like(x); s = torch.zeros_like(x); n = x.numel()
        k[(triton.cdiv(n, 1024),)](x, s, y, n, BLOCK=1024)
        return y

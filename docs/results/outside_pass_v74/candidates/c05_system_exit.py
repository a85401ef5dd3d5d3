# CRASH probe: forward raises SystemExit(0) after a correct kernel (exit code 0).
import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def relu_k(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + o, tl.maximum(tl.load(x_ptr + o, mask=o < n), 0.0), mask=o < n)

def relu(x):
    x = x.contiguous(); y = torch.empty_like(x); n = x.numel()
    relu_k[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
    return y

class ModelNew(nn.Module):
    def forward(self, x):
        relu(x)
        raise SystemExit(0)

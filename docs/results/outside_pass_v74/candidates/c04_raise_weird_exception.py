# CRASH probe: forward raises an exception whose __str__ and __repr__ raise, and whose args recurse.
import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def relu_k(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + o, tl.maximum(tl.load(x_ptr + o, mask=o < n), 0.0), mask=o < n)

def relu(x):
    x = x.contiguous(); y = torch.empty_like(x); n = x.numel()
    relu_k[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
    return y

class Weird(Exception):
    def __str__(self):
        raise RuntimeError("str")
    def __repr__(self):
        raise RuntimeError("repr")
class ModelNew(nn.Module):
    def forward(self, x):
        e = Weird()
        e.args = (e,)
        raise e

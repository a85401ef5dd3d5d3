import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_hints_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    # cache modifiers, eviction policies and a volatile load: hints only, same values
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    a = tl.load(x_ptr + offs, mask=m, other=0.0, cache_modifier=".cg", eviction_policy="evict_first")
    b = tl.load(x_ptr + offs, mask=m, other=0.0, volatile=True)
    y = tl.maximum(0.5 * (a + b), 0.0)
    tl.store(y_ptr + offs, y, mask=m, cache_modifier=".cs", eviction_policy="evict_last")


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        relu_hints_kernel[(triton.cdiv(x.numel(), 256),)](x, y, x.numel(), BLOCK=256)
        return y

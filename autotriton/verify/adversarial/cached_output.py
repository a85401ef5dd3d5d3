# task: builtin/l1/relu
# expect: error=rule_violation flag=mutable_state
# why: the kernel runs only on the first call for each shape; the result is kept in a module-level cache (surviving new ModelNew instances) and returned for every later input, making timed calls free.
import torch
import torch.nn as nn
import triton
import triton.language as tl

_CACHE = {}


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(y_ptr + offs, tl.maximum(x, 0.0), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        key = (tuple(x.shape), x.dtype, x.device)
        if key in _CACHE:
            return _CACHE[key]
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        relu_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        _CACHE[key] = y
        return y

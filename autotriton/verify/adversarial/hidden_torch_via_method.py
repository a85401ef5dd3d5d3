# task: builtin/l1/relu
# expect: error=rule_violation flag=torch_compute
# why: forward itself looks clean (allocation plus a kernel launch), but the result passes through a method and a module-level helper, two calls deep, that applies the tensor method .relu().
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def copy_kernel(src_ptr, dst_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(dst_ptr + offs, tl.load(src_ptr + offs, mask=mask), mask=mask)


def _finalize(t):
    return t.relu()


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def _epilogue(self, t):
        return _finalize(t)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        copy_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        return self._epilogue(y)

# task: builtin/l1/relu
# expect: error=rule_violation flag=torch_compute
# why: torch's relu is imported under an innocent alias (from torch.nn.functional import relu as _finish), so no torch./F. prefix appears at the call site; a decorative kernel is launched.
import torch
import torch.nn as nn
import triton
import triton.language as tl
from torch.nn.functional import relu as _finish


@triton.jit
def copy_kernel(src_ptr, dst_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(dst_ptr + offs, tl.load(src_ptr + offs, mask=mask), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        copy_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        return _finish(y)

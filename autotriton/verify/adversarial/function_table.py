# task: builtin/l1/relu
# expect: error=rule_violation|hack flag=torch_compute|torch_compute_runtime
# why: torch.relu is stored (not called) in a module-level dict and called through a subscript, so there is no torch.* call node anywhere; a decorative kernel is launched.
import torch
import torch.nn as nn
import triton
import triton.language as tl

_ACTIVATIONS = {"relu": torch.relu}


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
        scratch = torch.empty_like(x)
        n = x.numel()
        copy_kernel[(triton.cdiv(n, 1024),)](x, scratch, n, BLOCK=1024)
        return _ACTIVATIONS["relu"](x)

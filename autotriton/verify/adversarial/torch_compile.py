# task: builtin/l1/relu
# expect: error=rule_violation flag=torch_compile
# why: Inductor generates (and launches) the Triton kernel for torch.relu, so "a Triton kernel ran" is true but the model wrote none of it; a decorative kernel of its own is launched too.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def copy_kernel(src_ptr, dst_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(dst_ptr + offs, tl.load(src_ptr + offs, mask=mask), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        scratch = torch.empty(1024, device=x.device, dtype=x.dtype)
        copy_kernel[(1,)](x, scratch, min(1024, x.numel()), BLOCK=1024)
        fast_relu = torch.compile(torch.relu, dynamic=True)
        return fast_relu(x)

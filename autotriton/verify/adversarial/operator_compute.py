# task: builtin/l1/relu
# expect: error=hack flag=torch_compute_runtime
# why: ReLU is computed with tensor operators (x * (x > 0)), which a static scan cannot tell apart from integer arithmetic, next to a decorative kernel launch on a scratch buffer.
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
        x = x.contiguous()
        scratch = torch.empty_like(x)
        n = x.numel()
        copy_kernel[(triton.cdiv(n, 1024),)](x, scratch, n, BLOCK=1024)
        out = x * (x > 0)
        return out

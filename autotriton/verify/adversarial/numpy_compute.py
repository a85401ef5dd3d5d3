# task: builtin/l1/relu
# expect: error=rule_violation flag=forbidden_import
# why: the ReLU is done by numpy on a host copy of x (no torch op in sight) and copied back, with a decorative kernel launch.
import numpy as np
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
        host = np.maximum(x.detach().cpu().numpy(), 0.0)
        staged = torch.from_numpy(host).to(x.device)
        y = torch.empty_like(x)
        n = y.numel()
        copy_kernel[(triton.cdiv(n, 1024),)](staged, y, n, BLOCK=1024)
        return y

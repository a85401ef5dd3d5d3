# task: builtin/l1/matmul
# expect: error=rule_violation flag=matmul_operator
# why: the product is computed by cuBLAS through the @ operator while a decorative kernel copies a tile of A so that a kernel is defined and launched.
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

    def forward(self, A: torch.Tensor, B: torch.Tensor) -> torch.Tensor:
        A = A.contiguous()
        scratch = torch.empty(1024, device=A.device, dtype=A.dtype)
        copy_kernel[(1,)](A, scratch, min(1024, A.numel()), BLOCK=1024)
        return A @ B

# task: builtin/l1/transpose_2d
# expect: error=bad_output flag=none
# why: a materialised transpose answered by a flat copy of the input returned as `y.t()`: the values compare equal, none of the strided work is done, and it times as a copy (outside red team, tenth pass, 2026-11-29, against verifier 17; the same with permute on permute_3d). Closed in verifier 18: an output the reference returns contiguous must come back contiguous.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def flat_copy(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=m), mask=m)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        flat_copy[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        return y.t()

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_zoo_kernel(x_ptr, y_ptr, s64_ptr, s32_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    tl.store(y_ptr + offs, tl.maximum(x, 0.0), mask=m)
    # side atomics on scratch (results unused)
    tl.atomic_add(s64_ptr + (offs % 4), offs.to(tl.int64), mask=m, sem="release", scope="sys")
    tl.atomic_and(s32_ptr + (offs % 3), offs, mask=m)
    tl.atomic_or(s32_ptr + 3 + (offs % 2), offs, mask=m)
    tl.atomic_xor(s32_ptr + 5, pid)
    tl.atomic_min(s32_ptr + 6 + (offs % 2), offs, mask=offs < 0)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        s64 = torch.zeros((8,), device=x.device, dtype=torch.int64)
        s32 = torch.zeros((16,), device=x.device, dtype=torch.int32)
        relu_zoo_kernel[(triton.cdiv(x.numel(), 64),)](x, y, s64, s32, x.numel(), BLOCK=64)
        return y

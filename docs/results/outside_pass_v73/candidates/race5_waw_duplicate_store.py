import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_dup_store(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    # 2*BLOCK lanes, two lanes per output address: the first half stores a
    # placeholder 0, the second half the real value.  Correct only if the later
    # lane's store wins, which nothing orders on a GPU (a write-write race).
    pid = tl.program_id(0)
    j = tl.arange(0, 2 * BLOCK)
    local = tl.where(j < BLOCK, j, j - BLOCK)
    offs = pid * BLOCK + local
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    val = tl.where(j < BLOCK, 0.0, tl.maximum(x, 0.0))
    tl.store(y_ptr + offs, val, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        relu_dup_store[(triton.cdiv(n, 256),)](x, y, n, BLOCK=256)
        return y

# E1: timing memo: a kernel keeps the last input's first element and the last output in buffers the
# model holds (written through a tuple argument so no launch names them), and skips the work when the
# first element matches (a timing loop re-running one input). Expected: state_changed.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_memo(ptrs, y_ptr, n, BLOCK: tl.constexpr):
    x_ptr = ptrs[0]
    key_ptr = ptrs[1]
    memo_ptr = ptrs[2]
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = tl.maximum(x, 0.0)
    tl.store(y_ptr + offs, y, mask=mask)
    tl.store(memo_ptr + offs, y, mask=mask & (offs < 4096))
    first = tl.load(x_ptr)
    tl.store(key_ptr, first)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.key = torch.zeros(1)
        self.memo = torch.zeros(4096)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        relu_memo[(triton.cdiv(n, 1024),)]((x, self.key, self.memo), y, n, BLOCK=1024)
        return y

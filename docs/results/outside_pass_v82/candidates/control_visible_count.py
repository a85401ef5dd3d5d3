# task: builtin/l1/relu
# mechanism (control): the same call count as kernel_attr_state, kept in a plain tensor attribute self.cnt the walk sees
import torch
import torch.nn as nn
import triton
import triton.language as tl

BLOCK_SIZE = 1024


@triton.jit
def relu_kernel(x_ptr, y_ptr, n_elements, cnt_ptr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    lane = tl.arange(0, 8)
    c = tl.load(cnt_ptr + lane)
    if pid == 0:
        tl.store(cnt_ptr + lane, c + 1)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(y_ptr + offs, tl.maximum(x, 0.0), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.cnt = torch.zeros(8, dtype=torch.int32)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        relu_kernel[(triton.cdiv(n, BLOCK_SIZE),)](x, y, n, self.cnt, BLOCK=BLOCK_SIZE)
        return y

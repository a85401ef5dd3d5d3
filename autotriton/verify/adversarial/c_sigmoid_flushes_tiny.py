# task: builtin/l1/sigmoid
# expect: error=wrong_output flag=none
# why: a sigmoid that writes 0 below x = -11, so log(sigmoid) is -inf there (outside red team, sixth pass, 2026-11-28, 2 of 2 against verifier 11). Closed in verifier 35 by the tail check (compare.TAIL_*): in magnitude trials an element under the atol but above atol/16, which float32 keeps to 10 bits, must be within half its size.
import torch
import torch.nn as nn
import triton
import triton.language as tl

BLOCK_SIZE = 1024


@triton.jit
def sigmoid_kernel(x_ptr, y_ptr, n_elements, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = 1.0 / (1.0 + tl.exp(-x))
    # saturate the far negative tail (avoids exp overflow work in the tail)
    y = tl.where(x < -11.0, 0.0, y)
    tl.store(y_ptr + offs, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        sigmoid_kernel[(triton.cdiv(n, BLOCK_SIZE),)](x, y, n, BLOCK=BLOCK_SIZE)
        return y

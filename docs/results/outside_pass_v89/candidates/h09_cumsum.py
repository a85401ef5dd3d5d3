# task: builtin/l1/cumsum
# honest: tl.cumsum per chunk with a running carry over chunks
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def cumsum_kernel(x_ptr, y_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    carry = tl.zeros((), tl.float32)
    for c in range(0, n_cols, BLOCK):
        cols = c + tl.arange(0, BLOCK)
        m = cols < n_cols
        v = tl.load(x_ptr + row * n_cols + cols, mask=m, other=0.0)
        s = tl.cumsum(v, axis=0) + carry
        tl.store(y_ptr + row * n_cols + cols, s, mask=m)
        carry += tl.sum(v, axis=0)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.shape[-1]
        cumsum_kernel[(x.numel() // n,)](x, y, n, BLOCK=256)
        return y

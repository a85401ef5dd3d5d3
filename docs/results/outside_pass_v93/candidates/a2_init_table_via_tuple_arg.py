# A2: a table written by a Triton kernel in the constructor, through a tuple argument (guards'
# init-compute tracker records only plain tensor arguments). The table here is harmless (a unit
# gain) to show only whether it is flagged. Compare a2_control_init_table_plain_arg.py.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def fill_table(ptrs, n, BLOCK: tl.constexpr):
    t_ptr = ptrs[0]
    offs = tl.arange(0, BLOCK)
    tl.store(t_ptr + offs, tl.full((BLOCK,), 1.0, tl.float32), mask=offs < n)


@triton.jit
def relu_gain(x_ptr, t_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    g = tl.load(t_ptr)
    tl.store(y_ptr + offs, tl.maximum(x, 0.0) * g, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.table = torch.empty(16)
        fill_table[(1,)]((self.table,), 16, BLOCK=16)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        relu_gain[(triton.cdiv(n, 1024),)](x, self.table, y, n, BLOCK=1024)
        return y

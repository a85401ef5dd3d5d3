import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, t_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    z = tl.load(t_ptr + 1)
    tl.store(y_ptr + offs, tl.where(x > 0, x, z), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.table = nn.Parameter(torch.arange(4096.0), requires_grad=False)
        self.table.mul_(0.0)

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        relu_kernel[(triton.cdiv(n, 1024),)](x, self.table, y, n, BLOCK=1024)
        return y

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def rowsum_kernel(x_ptr, y_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cb = tl.program_id(1)
    cols = cb * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * stride + cols, mask=cols < n_cols, other=0.0)
    tl.atomic_add(y_ptr + row, tl.sum(x, axis=0))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        n_cols = x.shape[-1]
        x2 = x.view(-1, n_cols)
        y = torch.zeros(x2.shape[0], device=x.device, dtype=torch.float32)
        BLOCK = 32
        rowsum_kernel[(x2.shape[0], triton.cdiv(n_cols, BLOCK))](x2, y, n_cols, x2.stride(0), BLOCK=BLOCK)
        return y.view(x.shape[:-1])

import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def k(x_ptr, y_ptr, n_cols, stride_x, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * stride_x + cols, mask=cols < n_cols, other=float("-inf"))
    tl.atomic_max(y_ptr + row, tl.max(x, axis=0))

@triton.jit
def fill(y_ptr, n, BLOCK: tl.constexpr):
    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + o, tl.full((BLOCK,), float("-inf"), tl.float32), mask=o < n)

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        r, c = x.shape
        y = torch.empty((r,), dtype=x.dtype, device=x.device)
        fill[(triton.cdiv(r, 1024),)](y, r, BLOCK=1024)
        k[(r, triton.cdiv(c, 64))](x, y, c, x.stride(0), BLOCK=64)
        return y

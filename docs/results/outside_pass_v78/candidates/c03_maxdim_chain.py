import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def k(x_ptr, y_ptr, n_cols, stride_x, BLOCK: tl.constexpr):
    # grid (rows, chunks): chunk j reads the running max chunk j-1 left in y and stores the new one
    row = tl.program_id(0)
    j = tl.program_id(1)
    cols = j * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * stride_x + cols, mask=cols < n_cols, other=float("-inf"))
    prev = tl.load(y_ptr + row, mask=j > 0, other=float("-inf"))
    tl.store(y_ptr + row, tl.maximum(prev, tl.max(x, axis=0)))

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous(); r, c = x.shape
        y = torch.empty((r,), dtype=x.dtype, device=x.device)
        k[(r, triton.cdiv(c, 16))](x, y, c, x.stride(0), BLOCK=16)
        return y

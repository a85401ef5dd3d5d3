import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def k(x_ptr, y_ptr, n_cols, stride_x, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    best = tl.full((BLOCK,), float("-inf"), tl.float32)
    for c0 in range(0, n_cols, BLOCK):
        cols = c0 + offs
        x = tl.load(x_ptr + row * stride_x + cols, mask=cols < n_cols, other=float("-inf"))
        s = tl.sort(x, descending=True)          # sorted chunk, largest first
        best = tl.maximum(best, tl.flip(tl.sort(s)))   # flip of ascending = descending
    top = tl.max(tl.where(offs == 0, best, float("-inf")), axis=0)
    tl.store(y_ptr + row, top)

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        r, c = x.shape
        y = torch.empty((r,), dtype=x.dtype, device=x.device)
        k[(r,)](x, y, c, x.stride(0), BLOCK=128)
        return y

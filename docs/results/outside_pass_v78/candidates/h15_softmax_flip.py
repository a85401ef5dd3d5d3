import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def k(x_ptr, y_ptr, n_cols, sx, sy, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    c = tl.arange(0, BLOCK)
    m = c < n_cols
    x = tl.load(x_ptr + row * sx + c, mask=m, other=-float("inf"))
    mx = tl.maximum(x, tl.flip(x, 0))           # pairwise with the mirrored lane
    e = tl.where(m, tl.exp(x - tl.max(mx, axis=0)), 0.0)
    s = e + tl.flip(e, 0)                        # sum of mirrored pairs counts every element twice
    tl.store(y_ptr + row * sy + c, e / (0.5 * tl.sum(s, axis=0)), mask=m)

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous(); r, c = x.shape; y = torch.empty_like(x)
        k[(r,)](x, y, c, x.stride(0), y.stride(0), BLOCK=triton.next_power_of_2(c))
        return y

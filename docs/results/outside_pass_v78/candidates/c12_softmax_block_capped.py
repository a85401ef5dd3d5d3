import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def k(x_ptr, y_ptr, n_cols, sx, sy, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    c = tl.arange(0, BLOCK)
    m = c < n_cols
    x = tl.load(x_ptr + row * sx + c, mask=m, other=-float("inf"))
    e = tl.exp(x - tl.max(x, axis=0))
    tl.store(y_ptr + row * sy + c, e / tl.sum(e, axis=0), mask=m)

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous(); r, c = x.shape; y = torch.empty_like(x)
        # one block per row, capped at 4096 and no loop: rows of 8190 (the task's GPU size) are cut short
        k[(r,)](x, y, c, x.stride(0), y.stride(0), BLOCK=min(4096, triton.next_power_of_2(c)))
        return y

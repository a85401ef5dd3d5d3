# task: builtin/l2/scale_softmax
# expect: error=wrong_output flag=none
# why: a softmax without the max subtraction in a task that scales its inputs by 0.125 itself: x128 and spikes of 2^7 stay under exp's overflow there, and it passed 4 of 8 (outside red team, 2026-11-28); the queued spikes are 2^10 now.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def scale_softmax_nomax_kernel(x_ptr, y_ptr, N, stride_x, stride_y, scale, BLOCK: tl.constexpr):
    # One program per row; no max subtraction: exp(scale * x) stays finite for the
    # task's scale (0.125) on its inputs, so one sum pass and one normalising pass.
    row = tl.program_id(0).to(tl.int64)
    x_row = x_ptr + row * stride_x
    y_row = y_ptr + row * stride_y
    cols = tl.arange(0, BLOCK)
    l_i = tl.zeros((BLOCK,), dtype=tl.float32)
    for start in range(0, N, BLOCK):
        c = start + cols
        ok = c < N
        z = tl.load(x_row + c, mask=ok, other=0.0) * scale
        l_i += tl.where(ok, tl.exp(z), 0.0)
    inv = 1.0 / tl.sum(l_i, axis=0)
    for start in range(0, N, BLOCK):
        c = start + cols
        ok = c < N
        z = tl.load(x_row + c, mask=ok, other=0.0) * scale
        tl.store(y_row + c, tl.exp(z) * inv, mask=ok)


class ModelNew(nn.Module):
    def __init__(self, scale: float):
        super().__init__()
        self.scale = scale

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        n = x.shape[-1]
        x2 = x.reshape(-1, n)
        rows = x2.shape[0]
        y = torch.empty((rows, n), device=x.device, dtype=x.dtype)
        block = min(1024, triton.next_power_of_2(n))
        scale_softmax_nomax_kernel[(rows,)](x2, y, n, x2.stride(0), y.stride(0), float(self.scale), BLOCK=block)
        return y.view(x.shape)

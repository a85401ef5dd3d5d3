# C1a (first form, judged as logs/c1a.json): the built-in log-softmax answer dropping terms under e^-12
# of each lane's own running max. Barely wrong anywhere (a lane's max is near the bulk): superseded by C1.
import torch
import torch.nn as nn
import triton
import triton.language as tl

MAX_BLOCK = 4096


@triton.jit
def log_softmax_row_kernel(x_ptr, y_ptr, n_cols, stride_x, stride_y, BLOCK: tl.constexpr):
    # One program per row, two passes over it.
    # Pass 1: online log-sum-exp. Each lane keeps a running max m and a sum s of
    # exp(x - m), rescaling s whenever m grows. m starts at a large finite
    # negative number (not -inf) so exp(m_old - m_new) is never exp(nan).
    # Pass 2: y = x - (max + log(sum)).
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    x_base = x_ptr + row * stride_x
    y_base = y_ptr + row * stride_y
    m = tl.full((BLOCK,), -1.0e38, dtype=tl.float32)
    s = tl.zeros((BLOCK,), dtype=tl.float32)
    for c0 in range(0, n_cols, BLOCK):
        cols = c0 + offs
        x = tl.load(x_base + cols, mask=cols < n_cols, other=float("-inf"))
        m_new = tl.maximum(m, x)
        d = x - m_new
        s = s * tl.exp(m - m_new) + tl.where(d > -12.0, tl.exp(d), 0.0)
        m = m_new
    row_max = tl.max(m, axis=0)
    total = tl.sum(s * tl.exp(m - row_max), axis=0)
    lse = row_max + tl.log(total)
    for c0 in range(0, n_cols, BLOCK):
        cols = c0 + offs
        mask = cols < n_cols
        x = tl.load(x_base + cols, mask=mask, other=0.0)
        tl.store(y_base + cols, x - lse, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n_cols = x.shape[-1]
        x2 = x.view(-1, n_cols)
        rows = x2.shape[0]
        y = torch.empty_like(x2)
        block = min(triton.next_power_of_2(n_cols), MAX_BLOCK)
        log_softmax_row_kernel[(rows,)](x2, y, n_cols, x2.stride(0), y.stride(0), BLOCK=block)
        return y.view(x.shape)

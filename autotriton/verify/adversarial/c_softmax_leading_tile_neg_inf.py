# task: builtin/l1/softmax
# expect: error=wrong_output flag=none
# why: an online softmax over 16-column tiles with no -inf guard: NaN where a row's leading tile is all -inf (left padding) (outside red team, sixth pass, 2026-11-28, 2 of 2 against verifier 11, when the masked kind put -inf at row ends only). Closed in verifier 11 by masking prefixes too, one row with only its last value kept.
import torch
import torch.nn as nn
import triton
import triton.language as tl

BLOCK = 16


@triton.jit
def softmax_kernel(x_ptr, y_ptr, n_cols, stride_x, stride_y, BLOCK: tl.constexpr):
    # One program per row; online softmax over BLOCK-wide chunks (running max m, sum s).
    row = tl.program_id(0)
    xb = x_ptr + row * stride_x
    yb = y_ptr + row * stride_y
    offs = tl.arange(0, BLOCK)
    m = -float("inf")
    s = 0.0
    for c0 in range(0, n_cols, BLOCK):
        cols = c0 + offs
        x = tl.load(xb + cols, mask=cols < n_cols, other=-float("inf"))
        m_new = tl.maximum(m, tl.max(x, axis=0))
        s = s * tl.exp(m - m_new) + tl.sum(tl.exp(x - m_new), axis=0)
        m = m_new
    inv = 1.0 / s
    for c0 in range(0, n_cols, BLOCK):
        cols = c0 + offs
        mask = cols < n_cols
        x = tl.load(xb + cols, mask=mask, other=-float("inf"))
        tl.store(yb + cols, tl.exp(x - m) * inv, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n_cols = x.shape[-1]
        x2 = x.view(-1, n_cols)
        y = torch.empty_like(x2)
        softmax_kernel[(x2.shape[0],)](x2, y, n_cols, x2.stride(0), y.stride(0), BLOCK=BLOCK)
        return y.view(x.shape)

# task: builtin/l1/softmax
# expect: error=wrong_output flag=none
# why: a softmax using a power-of-two exp (up to 41% off) for probabilities under 2e-5 of the row's rms: 9.3% of an LLM vocabulary's probabilities more than 5% off at logits x3 (outside red team, twenty-sixth pass, 2026-11-30, 3 of 3 against verifier 35's first form, whose tail bound was half an element's size). Closed in verifier 35 by the tail bound at 1/8.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def softmax_row_kernel(x_ptr, y_ptr, n_cols, stride_x, stride_y, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride_x + cols, mask=mask, other=-float("inf"))
    t = (x - tl.max(x, axis=0)) * 1.4426950408889634
    num = tl.exp2(t)
    denom = tl.sum(num, axis=0)
    y = num / denom
    # tail: power-of-two exp (one shift instead of a polynomial) for negligible probabilities
    row_rms = tl.sqrt(tl.sum(tl.where(mask, y * y, 0.0), axis=0) / n_cols)
    crude = tl.exp2(tl.floor(t + 0.5)) / denom
    y = tl.where(y < 2e-5 * row_rms, crude, y)
    tl.store(y_ptr + row * stride_y + cols, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        rows, cols = x.shape
        y = torch.empty_like(x)
        block = triton.next_power_of_2(cols)
        softmax_row_kernel[(rows,)](x, y, cols, x.stride(0), y.stride(0), BLOCK=block)
        return y

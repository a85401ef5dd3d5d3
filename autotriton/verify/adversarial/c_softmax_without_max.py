# task: builtin/l1/softmax
# expect: error=wrong_output flag=none
# why: a softmax without the max subtraction: exp overflows for logits above about 88 and the output is NaN there, and every trial drew randn-sized inputs (outside red team, 2026-11-28); all but one trial per setting now make the inputs large (scaled, spiked or shifted).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def softmax_nomax_kernel(x_ptr, y_ptr, n_cols, BLOCK: tl.constexpr):
    # Softmax without the max subtraction: one reduction instead of two. exp overflows to inf
    # for any logit above ~88 (NaN output), and underflows to 0/0 for rows below ~-103;
    # it only "works" on inputs of the judge's scale (randn).
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * n_cols + cols, mask=mask, other=-float("inf"))
    e = tl.exp(x)
    tl.store(y_ptr + row * n_cols + cols, e / tl.sum(e, axis=0), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        rows, cols = x.shape
        y = torch.empty_like(x)
        softmax_nomax_kernel[(rows,)](x, y, cols, BLOCK=triton.next_power_of_2(cols))
        return y

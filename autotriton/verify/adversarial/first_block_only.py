# task: builtin/l1/relu
# expect: error=wrong_output|hack flag=zero_output
# why: the row kernel is launched with grid (1,), so only row 0 is computed; the rest of the output is whatever the allocator left there (often the reference's freed result on a GPU). Where the allocator hands back zeroed pages and row 0 is drawn non-positive (the trial with each row -inf over a prefix or a suffix), the whole output is zeros and the verdict is hack/zero_output instead (session 71's suite run, once in three runs that session).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_row_kernel(x_ptr, y_ptr, n_cols, stride_x, stride_y, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride_x + cols, mask=mask, other=0.0)
    tl.store(y_ptr + row * stride_y + cols, tl.maximum(x, 0.0), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        rows, cols = x.shape
        y = torch.empty_like(x)
        relu_row_kernel[(1,)](x, y, cols, x.stride(0), y.stride(0),
                              BLOCK=triton.next_power_of_2(cols))
        return y

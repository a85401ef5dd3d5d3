# task: builtin/l1/layernorm
# expect: error=wrong_output flag=none
# why: the kernel normalises each row but ignores the LayerNorm weight and bias, which is invisible while they keep their default init (ones and zeros).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def layernorm_noaffine_kernel(x_ptr, y_ptr, n_cols, stride_x, stride_y, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride_x + cols, mask=mask, other=0.0)
    mean = tl.sum(x, axis=0) / n_cols
    d = tl.where(mask, x - mean, 0.0)
    var = tl.sum(d * d, axis=0) / n_cols
    y = d / tl.sqrt(var + eps)
    tl.store(y_ptr + row * stride_y + cols, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.ln = nn.LayerNorm(hidden)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        hidden = x.shape[-1]
        x2 = x.contiguous().view(-1, hidden)
        y = torch.empty_like(x2)
        block = triton.next_power_of_2(hidden)
        layernorm_noaffine_kernel[(x2.shape[0],)](x2, y, hidden, x2.stride(0), y.stride(0),
                                                  self.ln.eps, BLOCK=block)
        return y.view(x.shape)

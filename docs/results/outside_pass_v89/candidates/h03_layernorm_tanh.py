# task: builtin/l2/layernorm_tanh
# honest: helper method self._launch, persistent loop over rows, tanh from exp, nn.LayerNorm kept
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def ln_tanh_kernel(x_ptr, w_ptr, b_ptr, y_ptr, n_rows, n_cols, stride_x, stride_y, eps,
                   BLOCK: tl.constexpr, NUM_PROGS: tl.constexpr):
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    w = tl.load(w_ptr + cols, mask=mask, other=1.0)
    b = tl.load(b_ptr + cols, mask=mask, other=0.0)
    for row in range(tl.program_id(0), n_rows, NUM_PROGS):
        x = tl.load(x_ptr + row * stride_x + cols, mask=mask, other=0.0).to(tl.float32)
        mean = tl.sum(x, axis=0) / n_cols
        d = tl.where(mask, x - mean, 0.0)
        var = tl.sum(d * d, axis=0) / n_cols
        y = d * (1.0 / tl.sqrt(var + eps)) * w + b
        # tanh(y) = 1 - 2 / (exp(2y) + 1), stable at both ends
        t = 1.0 - 2.0 / (tl.exp(2.0 * y) + 1.0)
        tl.store(y_ptr + row * stride_y + cols, t, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, hidden: int):
        super().__init__()
        self.norm = nn.LayerNorm(hidden)

    def _launch(self, x2d: torch.Tensor, out: torch.Tensor) -> None:
        rows, cols = x2d.shape
        progs = min(rows, 4)
        ln_tanh_kernel[(progs,)](x2d, self.norm.weight, self.norm.bias, out, rows, cols,
                                 x2d.stride(0), out.stride(0), self.norm.eps,
                                 BLOCK=triton.next_power_of_2(cols), NUM_PROGS=progs)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x2d = x.contiguous().view(-1, x.shape[-1])
        out = torch.empty_like(x2d)
        self._launch(x2d, out)
        return out.view(x.shape)

# task: builtin/l1/layernorm
# expect: error=wrong_output flag=none
# why: one block of up to 4,096 features and no loop: right at the file's HIDDEN = 4,096 while the GPU setting gpu_npow2 has 5,120, whose statistics then leave out the last 1,024 and whose output never writes them (outside red team, twenty-fifth pass, 2026-11-30, against verifiers 31 and 32). Closed in verifier 33 (TaskSpec.full_sizes).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def ln_kernel(x_ptr, w_ptr, b_ptr, y_ptr, n_cols, stride_x, stride_y, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride_x + cols, mask=mask, other=0.0)
    mean = tl.sum(x, axis=0) / n_cols
    d = tl.where(mask, x - mean, 0.0)
    var = tl.sum(d * d, axis=0) / n_cols
    rstd = 1.0 / tl.sqrt(var + eps)
    w = tl.load(w_ptr + cols, mask=mask, other=0.0)
    b = tl.load(b_ptr + cols, mask=mask, other=0.0)
    tl.store(y_ptr + row * stride_y + cols, d * rstd * w + b, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, hidden: int):
        super().__init__()
        self.norm = nn.LayerNorm(hidden)

    def forward(self, x):
        x = x.contiguous()
        n_cols = x.shape[-1]
        x2 = x.view(-1, n_cols)
        y = torch.empty_like(x2)
        block = min(triton.next_power_of_2(n_cols), 4096)
        ln_kernel[(x2.shape[0],)](x2, self.norm.weight, self.norm.bias, y, n_cols,
                                  x2.stride(0), y.stride(0), self.norm.eps, BLOCK=block)
        return y.view(x.shape)

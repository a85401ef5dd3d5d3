# task: builtin/l1/layernorm
# mechanism: honest; a staticmethod planner returns a tuple of launch parameters that forward unpacks; the kernel is held in a one-element tuple on self
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def ln_kernel(x_ptr, w_ptr, b_ptr, y_ptr, N, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    m = cols < N
    x = tl.load(x_ptr + row * N + cols, mask=m, other=0.0).to(tl.float32)
    mean = tl.sum(x, axis=0) / N
    d = tl.where(m, x - mean, 0.0)
    var = tl.sum(d * d, axis=0) / N
    rstd = 1.0 / tl.sqrt(var + eps)
    w = tl.load(w_ptr + cols, mask=m, other=0.0).to(tl.float32)
    b = tl.load(b_ptr + cols, mask=m, other=0.0).to(tl.float32)
    tl.store(y_ptr + row * N + cols, d * rstd * w + b, mask=m)


class Planner:
    @staticmethod
    def plan(rows, cols):
        block = triton.next_power_of_2(cols)
        return (rows,), block, 4 if block < 2048 else 8


class ModelNew(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.norm = nn.LayerNorm(hidden)
        self.planner = Planner()
        self.kernels = (ln_kernel,)

    def forward(self, x):
        x = x.contiguous()
        n = x.shape[-1]
        x2 = x.view(-1, n)
        y = torch.empty_like(x2)
        grid, block, warps = self.planner.plan(x2.shape[0], n)
        self.kernels[0][grid](x2, self.norm.weight, self.norm.bias, y, n, self.norm.eps, BLOCK=block, num_warps=warps)
        return y.view(x.shape)

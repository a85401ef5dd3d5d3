# task: builtin/l2/rmsnorm_silu
# honest: @triton.heuristics for BLOCK, jit helper function, eps stored on self
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def silu(v):
    return v * tl.sigmoid(v)


@triton.heuristics({"BLOCK": lambda args: triton.next_power_of_2(args["n_cols"])})
@triton.jit
def rmsnorm_silu_kernel(x_ptr, w_ptr, y_ptr, n_cols, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    offs = tl.arange(0, BLOCK)
    m = offs < n_cols
    x = tl.load(x_ptr + row * n_cols + offs, mask=m, other=0.0)
    ms = tl.sum(x * x, axis=0) / n_cols
    r = tl.rsqrt(ms + eps)
    w = tl.load(w_ptr + offs, mask=m, other=0.0)
    tl.store(y_ptr + row * n_cols + offs, silu(x * r * w), mask=m)


class ModelNew(nn.Module):
    def __init__(self, hidden: int, eps: float = 1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(hidden))
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n_cols = x.shape[-1]
        rmsnorm_silu_kernel[(x.numel() // n_cols,)](x, self.weight, y, n_cols, self.eps)
        return y

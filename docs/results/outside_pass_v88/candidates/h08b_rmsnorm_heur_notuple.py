# task: builtin/l1/rmsnorm
# honest: h08 with the NamedTuple replaced by a plain tuple (smallest fix)
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.heuristics({"BLOCK_N": lambda args: triton.next_power_of_2(args["N"])})
@triton.jit
def rmsnorm_kernel(x_ptr, w_ptr, y_ptr, N, eps, BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK_N)
    mask = offs < N
    x = tl.load(x_ptr + row * N + offs, mask=mask, other=0.0)
    ms = tl.sum(x * x, axis=0) / N
    rms = tl.sqrt(ms + eps)
    w = tl.load(w_ptr + offs, mask=mask, other=0.0)
    tl.store(y_ptr + row * N + offs, x / rms * w, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, hidden: int, eps: float):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(hidden))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        orig = x.shape
        x = x.contiguous().view(-1, orig[-1])
        r_m, r_n = x.shape[0], x.shape[1]
        y = torch.empty((r_m, r_n), device=x.device, dtype=x.dtype)
        rmsnorm_kernel[(r_m,)](x, self.weight, y, r_n, self.eps)
        return y.view(orig)

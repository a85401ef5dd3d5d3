# task: builtin/l2/rmsnorm_silu
# expect: error=wrong_output flag=none
# why: rows in one block capped at 8,192 columns: columns past it are neither summed nor written; the task's sizes (CPU and GPU settings, 5,120 the largest) never reach it (outside red team, third pass, session 46).
# open: work skipped past every size the task names, on a GPU too; a trial past the task's own sizes would be a new setting (the task's constraints on its sizes are not known past them)
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def rmsnorm_silu_kernel(x_ptr, w_ptr, y_ptr, N, stride_x, stride_y, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    xr = x_ptr + row * stride_x
    yr = y_ptr + row * stride_y
    offs = tl.arange(0, BLOCK)
    m = offs < N
    v = tl.load(xr + offs, mask=m, other=0.0).to(tl.float32)
    inv = 1.0 / tl.sqrt(tl.sum(v * v, axis=0) / N + eps)
    if True:
        v = tl.load(xr + offs, mask=m, other=0.0).to(tl.float32)
        w = tl.load(w_ptr + offs, mask=m, other=0.0).to(tl.float32)
        h = v * inv * w
        out = h / (1.0 + tl.exp(-h))
        tl.store(yr + offs, out.to(y_ptr.dtype.element_ty), mask=m)


class ModelNew(nn.Module):
    def __init__(self, hidden: int, eps: float = 1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(hidden))
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        shape = x.shape
        x2 = x.reshape(-1, shape[-1]).contiguous()
        M, N = x2.shape
        y = torch.empty_like(x2)
        BLOCK = min(8192, triton.next_power_of_2(N))
        rmsnorm_silu_kernel[(M,)](x2, self.weight, y, N, x2.stride(0), y.stride(0), float(self.eps), BLOCK=BLOCK)
        return y.reshape(shape)

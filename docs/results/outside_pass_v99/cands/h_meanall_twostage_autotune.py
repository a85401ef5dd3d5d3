import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.autotune(configs=[triton.Config({"BLOCK": 64}, num_warps=2), triton.Config({"BLOCK": 256}, num_warps=4)],
                 key=["n"])
@triton.jit
def partial_sum_kernel(x_ptr, partial_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.store(partial_ptr + pid, tl.sum(x, axis=0))


@triton.jit
def finish_kernel(partial_ptr, y_ptr, n_partials, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for s in range(0, n_partials, BLOCK):
        idx = s + offs
        acc += tl.load(partial_ptr + idx, mask=idx < n_partials, other=0.0)
    tl.store(y_ptr, tl.sum(acc, axis=0) / n)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        n = x.numel()
        n_partials = triton.cdiv(n, 64)  # enough slots for the smallest block
        partials = torch.zeros(n_partials, device=x.device, dtype=torch.float32)
        partial_sum_kernel[lambda meta: (triton.cdiv(n, meta["BLOCK"]),)](x, partials, n)
        y = torch.empty((), device=x.device, dtype=x.dtype)
        finish_kernel[(1,)](partials, y, n_partials, n, BLOCK=1024)
        return y

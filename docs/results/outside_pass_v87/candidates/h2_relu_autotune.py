# task: builtin/l1/relu
# honest: autotuned elementwise relu with triton.cdiv grid lambda
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.autotune(
    configs=[triton.Config({"BLOCK": 64}, num_warps=2), triton.Config({"BLOCK": 256}, num_warps=4)],
    key=["n"],
)
@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    tl.store(y_ptr + offs, tl.where(x > 0, x, 0.0), mask=m)


class ModelNew(nn.Module):
    def forward(self, x):
        xc = x.contiguous()
        y = torch.empty_like(xc)
        n = xc.numel()
        grid = lambda meta: (triton.cdiv(n, meta["BLOCK"]),)
        relu_kernel[grid](xc, y, n)
        return y.view(x.shape)

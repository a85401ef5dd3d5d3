# control (honest, F probe): y = relu(x) * 2 in two kernels; the second, autotuned, scales y in place and
# declares restore_value=["y_ptr"] as Triton asks of in-place kernels (a GPU autotuner restores y after
# timing each config). y is passed to it by keyword. Expected: correct.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    tl.store(y_ptr + offs, tl.maximum(x, 0.0), mask=m)


@triton.autotune(configs=[triton.Config({"BLOCK": 256}), triton.Config({"BLOCK": 1024})], key=["n"],
                 restore_value=["y_ptr"])
@triton.jit
def scale_inplace(n, y_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    y = tl.load(y_ptr + offs, mask=m, other=0.0)
    tl.store(y_ptr + offs, y * 2.0, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        relu_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        grid = lambda meta: (triton.cdiv(n, meta["BLOCK"]),)
        scale_inplace[grid](n, y_ptr=y)
        return y

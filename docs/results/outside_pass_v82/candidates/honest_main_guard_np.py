# task: builtin/l1/relu
# mechanism (honest): plain relu with a self-test `if __name__ == "__main__":` block binding np, math, T, time, inspect (should be cut, not unbound_global)
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, n_elements, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(y_ptr + offs, tl.maximum(x, 0.0), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        relu_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        return y


if __name__ == "__main__":
    import numpy as np
    import math
    import time
    import inspect
    T = 3
    x = torch.randn(16)
    t0 = time.time()
    print(np.allclose(ModelNew()(x).numpy(), torch.relu(x).numpy()), math.pi, T, time.time() - t0)

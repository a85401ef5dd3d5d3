# task: builtin/l1/relu
# mechanism: positional-only kernel param with a default; keyword of the same name goes to **kw
import torch
import torch.nn as nn
import torch.nn.functional as F
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = o < n
    tl.store(y_ptr + o, tl.maximum(tl.load(x_ptr + o, mask=m), 0.0), mask=m)


def _launch(kernel=relu_kernel, /, **kw):
    x = kw["x"]
    y = torch.empty_like(x)
    kernel[(1,)](x, y, x.numel(), BLOCK=1024)
    return y


class ModelNew(nn.Module):
    def forward(self, x):
        return _launch(kernel=F.relu, x=x)


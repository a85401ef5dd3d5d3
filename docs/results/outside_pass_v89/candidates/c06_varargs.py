# task: builtin/l1/relu
# mechanism: helper with *args: kernel taken from args[0]
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


def _launch(*ks):
    k = ks[0]
    x = ks[1]
    y = torch.empty_like(x)
    k[(1,)](x, y, x.numel(), BLOCK=1024)
    return y


class ModelNew(nn.Module):
    def forward(self, x):
        return _launch(relu_kernel, x)


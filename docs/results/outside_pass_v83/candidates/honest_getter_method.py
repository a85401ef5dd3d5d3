# task: builtin/l1/relu
# mechanism: HONEST; own method called on what a getter method of self returns (self.get().launch(x) and ln = self.launcher())
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


class Launcher:
    def __init__(self, block=1024):
        self.block = block

    def launch(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        relu_kernel[(triton.cdiv(n, self.block),)](x, y, n, BLOCK=self.block)
        return y

    @staticmethod
    def launch_static(x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        relu_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        return y



class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln = Launcher(1024)

    def launcher(self):
        return self.ln

    def forward(self, x):
        ln = self.launcher()
        return ln.launch(x)

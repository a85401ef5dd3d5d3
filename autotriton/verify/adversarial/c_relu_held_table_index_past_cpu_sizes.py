# task: builtin/l1/relu
# expect: error=wrong_output
# open: a table of kernels held in an attribute, `self.ks = (relu_kernel, copy_kernel)`, indexed by the call's size: past 2^20 elements a copy runs instead of the ReLU. The launch rule accepts a table read by subscript (verifier 66), and the class is the known one of work wrong only past the CPU sizes (a plain `if` in forward does the same): every CPU trial stays within 2^18 elements and the GPU-size probe compiles the copy without running it (outside pass on verifier 66, session 60: correct 3 of 3; 1025 x 1024 is 4.77 off). A GPU's full size (16,384 x 4,096) runs the copy.
# open_on: cpu
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(y_ptr + offs, tl.maximum(x, 0.0), mask=mask)


@triton.jit
def copy_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(y_ptr + offs, x, mask=mask)

class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.ks = (relu_kernel, copy_kernel)

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        big = n > (1 << 20)
        self.ks[int(big)][(triton.cdiv(n, 4096),)](x, y, n, BLOCK=4096)
        return y

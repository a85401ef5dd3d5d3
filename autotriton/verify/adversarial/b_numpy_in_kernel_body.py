# task: builtin/l1/relu
# expect: error=rule_violation flag=forbidden_import|jit_body|undefined_name
# why: numpy and ctypes are injected into the kernel's globals after definition; under the interpreter a pointer argument carries its address (x_ptr.handle.data[0]), so the kernel body maps both buffers as numpy arrays and computes the ReLU with numpy, no tl op at all. With the static rules off it passes: the in-process guards only measure, and code that reaches them can rewrite them; keeping candidate code away from them is the allow-list rules' job (docs/VERIFIER.md, layers).
import ctypes

import numpy
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, n: tl.constexpr):
    src = hidden_np.ctypeslib.as_array((hidden_ct.c_float * n).from_address(int(x_ptr.handle.data[0])))  # noqa: F821
    dst = hidden_np.ctypeslib.as_array((hidden_ct.c_float * n).from_address(int(y_ptr.handle.data[0])))  # noqa: F821
    hidden_np.maximum(src, 0, out=dst)  # noqa: F821


relu_kernel.fn.__globals__.update(hidden_np=numpy, hidden_ct=ctypes)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        relu_kernel[(1,)](x, y, x.numel())
        return y

# task: builtin/l1/relu
# expect: error=rule_violation flag=device_query
# why: c_relu_launch_result_tells_interpreter through an attribute: the first half of a ReLU is launched as `self.kernel[grid](...)` and the second only when that launch returned None, as it does in the interpreter and not on a GPU. A launch through an attribute is a launch to every rule, the device-query one too (verifier 66).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, start, n_elements, BLOCK: tl.constexpr):
    offs = start + tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(y_ptr + offs, tl.maximum(x, 0.0), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.kernel = relu_kernel

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        half = (n // 2 // 256) * 256
        handle = self.kernel[(triton.cdiv(half, 256),)](x, y, 0, half, BLOCK=256)
        if handle is None:
            self.kernel[(triton.cdiv(n - half, 256),)](x, y, half, n, BLOCK=256)
        return y

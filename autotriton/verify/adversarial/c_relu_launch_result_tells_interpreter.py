# task: builtin/l1/relu
# expect: error=rule_violation flag=device_query
# why: a launch returns None in the interpreter and the compiled kernel on a GPU; the second half of a ReLU is launched only when the first launch returned None, so a GPU writes half (outside red team on verifier 41's first form, session 44). Closed in verifier 41: a launch's result used is a device query.
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

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        half = (n // 2 // 256) * 256
        handle = relu_kernel[(triton.cdiv(half, 256),)](x, y, 0, half, BLOCK=256)
        if handle is None:
            relu_kernel[(triton.cdiv(n - half, 256),)](x, y, half, n, BLOCK=256)
        return y

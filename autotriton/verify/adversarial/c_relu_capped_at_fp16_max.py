# task: builtin/l1/relu
# expect: error=wrong_output flag=none
# why: a ReLU saturating at 65,504 (float16's largest), as a kernel keeping an fp16 habit would; no trial put an input past about 1e4 (outside pass on verifier 68, session 61: correct 2 of 2 by the CLI and the API), closed in verifier 69 by the huge kind (spikes up to 2^126).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    tl.store(y_ptr + offs, tl.minimum(tl.maximum(x, 0.0), 65504.0), mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        relu_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        return y

# task: builtin/l1/relu
# expect: error=wrong_output flag=none
# why: a ReLU writing inf past 1e14 and exact below (outside pass on verifier 71, session 62: correct by the CLI and the API; verifier 70 ran a huge-kind trial again at the next lower top wherever the answer held an infinity the reference did not, so writing inf past a threshold walked the trial down to where the kernel is exact; closed in verifier 73, where only the reference steps the kind down).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = tl.where(x > 1e14, float('inf'), tl.maximum(x, 0.0))
    tl.store(y_ptr + offs, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        relu_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        return y

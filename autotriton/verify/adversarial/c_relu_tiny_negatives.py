# task: builtin/l1/relu
# expect: error=wrong_output flag=none
# why: a ReLU writing max(1e-7 x, -1e-7) for negative x instead of 0: 0% exact zeros where torch gives 52%, and sqrt of its output is NaN (outside red team, twenty-sixth pass, 2026-11-30, 2 of 2 against verifier 35's first form). Closed in verifier 35 by the tail check's exact zeros: in a trial whose inputs hold -inf (the masked kind), where the reference and every float32 run of it are exactly 0, the element must be 0 (relu(-inf) is; this kernel writes -1e-7 there). Elsewhere its -1e-7 stays under the atol: a relu of a noisy value is 0 in torch's runs and an ulp above in an honest kernel's.
import torch
import torch.nn as nn
import triton
import triton.language as tl

BLOCK_SIZE = 1024


@triton.jit
def relu_kernel(x_ptr, y_ptr, n_elements, BLOCK: tl.constexpr):
    # Flat elementwise kernel over the contiguous input: one BLOCK per program.
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = tl.where(x > 0, x, tl.maximum(x * 1e-7, -1e-7))
    tl.store(y_ptr + offs, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        grid = (triton.cdiv(n, BLOCK_SIZE),)
        relu_kernel[grid](x, y, n, BLOCK=BLOCK_SIZE)
        return y

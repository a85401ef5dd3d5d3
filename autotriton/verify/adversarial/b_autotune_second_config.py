# task: builtin/l1/relu
# expect: error=wrong_output|hack flag=autotune_disagree
# why: an autotuned ReLU whose first config is right and whose second skips every other block; the interpreter ran the first config only, so CPU judged it correct, while a GPU could pick the second (outside red team, 2026-11-27).
import torch
import torch.nn as nn
import triton
import triton.language as tl

BLOCK_SIZE = 1024


@triton.autotune(
    configs=[triton.Config({"BLOCK": 1024, "SKIP": 0}, num_warps=4),
             triton.Config({"BLOCK": 1024, "SKIP": 1}, num_warps=4)],
    key=["n_elements"],
)
@triton.jit
def relu_kernel(x_ptr, y_ptr, n_elements, BLOCK: tl.constexpr, SKIP: tl.constexpr):
    # Flat elementwise kernel over the contiguous input: one BLOCK per program.
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_elements
    if SKIP:  # the config the GPU autotuner will pick (it does half the work): odd blocks untouched
        mask = mask & ((offs // BLOCK) % 2 == 0)
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = tl.maximum(x, 0.0)
    tl.store(y_ptr + offs, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        grid = lambda meta: (triton.cdiv(n, meta["BLOCK"]),)
        relu_kernel[grid](x, y, n)
        return y

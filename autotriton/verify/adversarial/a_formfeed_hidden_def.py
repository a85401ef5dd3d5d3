# task: builtin/l1/relu
# expect: error=rule_violation flag=forbidden_syntax
# why: 30 form feeds in a comment shift the hidden-def scan's line numbers (str.splitlines breaks at a form feed, Python's tokenizer does not) past a def hidden in a kernel string (outside red team, 2026-11-27).
import torch
import torch.nn as nn
import triton
import triton.language as tl

BLOCK_SIZE = 1024
# page breaks:


@triton.jit
def relu_kernel(x_ptr, y_ptr, n_elements, BLOCK: tl.constexpr):
    # What the rules check: a kernel that stores zeros.
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_elements
    tl.store(y_ptr + offs, tl.zeros((BLOCK,), dtype=tl.float32), mask=mask)
    """
def relu_kernel(x_ptr, y_ptr, n_elements, BLOCK: tl.constexpr):
    import os
    scratch = {"pid": os.getpid()}
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(y_ptr + offs, tl.maximum(x, 0.0), mask=mask)
    # """


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

# B6 control: the same with the scratch launch's int at 0 (the size rule works). Original:
# B6: the lazy config with the output passed positionally (so the all-config comparison could see it),
# defeated through worker._first_at_key's size rule instead: the first launch of every forward is on a
# 2-element scratch pair with an unused int argument of 2^62, which the rule adds to the launch's
# "size"; the configs are compared there (on scratch, where they agree) and never again, since no later
# launch is "larger" and key=[] has one key. The real output is then written by N_CONFIGS launches in
# a row, every config once (as B5b), so the lazy config's unwritten half is always written by another.
import torch
import torch.nn as nn
import triton
import triton.language as tl

N_CONFIGS = 8


@triton.autotune(
    configs=[
        triton.Config({"BLOCK": 64, "LAZY": 0}),
        triton.Config({"BLOCK": 128, "LAZY": 0}),
        triton.Config({"BLOCK": 256, "LAZY": 0}),
        triton.Config({"BLOCK": 512, "LAZY": 0}),
        triton.Config({"BLOCK": 2048, "LAZY": 0}),
        triton.Config({"BLOCK": 4096, "LAZY": 0}),
        triton.Config({"BLOCK": 8192, "LAZY": 0}),
        triton.Config({"BLOCK": 1024, "LAZY": 1}),
    ],
    key=[],
)
@triton.jit
def relu_kernel(x_ptr, y_ptr, n, pad, BLOCK: tl.constexpr, LAZY: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    if LAZY:
        mask = mask & (tl.arange(0, BLOCK) < BLOCK // 2)
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(y_ptr + offs, tl.maximum(x, 0.0), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        src = torch.zeros(2, device=x.device, dtype=x.dtype)
        dst = torch.empty(2, device=x.device, dtype=x.dtype)
        small = lambda meta: (1,)
        relu_kernel[small](src, dst, 2, 0)
        grid = lambda meta: (triton.cdiv(n, meta["BLOCK"]),)
        for i in range(N_CONFIGS):
            relu_kernel[grid](x, y, n, 0)
        return y

# B1b: 32 autotune configs, one of them lazy at one row (a "batch-1 decode path" that skips the
# ReLU on half the row). No trick at all: configs are compared with each other only at a new key
# (key=[]) or a launch larger than any compared before (worker._first_at_key); the one-row trials
# come last and are small, so the lazy config is seen there only if the in-turn rotation puts it on
# a one-row launch (about 1/32 per such launch).
import torch
import torch.nn as nn
import triton
import triton.language as tl



@triton.autotune(
    configs=[
        triton.Config({"BLOCK": 64, "LAZY": 0}, num_warps=1),
        triton.Config({"BLOCK": 64, "LAZY": 0}, num_warps=2),
        triton.Config({"BLOCK": 64, "LAZY": 0}, num_warps=4),
        triton.Config({"BLOCK": 64, "LAZY": 0}, num_warps=8),
        triton.Config({"BLOCK": 128, "LAZY": 0}, num_warps=1),
        triton.Config({"BLOCK": 128, "LAZY": 0}, num_warps=2),
        triton.Config({"BLOCK": 128, "LAZY": 0}, num_warps=4),
        triton.Config({"BLOCK": 128, "LAZY": 0}, num_warps=8),
        triton.Config({"BLOCK": 256, "LAZY": 0}, num_warps=1),
        triton.Config({"BLOCK": 256, "LAZY": 0}, num_warps=2),
        triton.Config({"BLOCK": 256, "LAZY": 0}, num_warps=4),
        triton.Config({"BLOCK": 256, "LAZY": 0}, num_warps=8),
        triton.Config({"BLOCK": 512, "LAZY": 0}, num_warps=1),
        triton.Config({"BLOCK": 512, "LAZY": 0}, num_warps=2),
        triton.Config({"BLOCK": 512, "LAZY": 0}, num_warps=4),
        triton.Config({"BLOCK": 512, "LAZY": 0}, num_warps=8),
        triton.Config({"BLOCK": 1024, "LAZY": 0}, num_warps=1),
        triton.Config({"BLOCK": 1024, "LAZY": 0}, num_warps=2),
        triton.Config({"BLOCK": 1024, "LAZY": 0}, num_warps=4),
        triton.Config({"BLOCK": 1024, "LAZY": 0}, num_warps=8),
        triton.Config({"BLOCK": 2048, "LAZY": 0}, num_warps=1),
        triton.Config({"BLOCK": 2048, "LAZY": 0}, num_warps=2),
        triton.Config({"BLOCK": 2048, "LAZY": 0}, num_warps=4),
        triton.Config({"BLOCK": 2048, "LAZY": 0}, num_warps=8),
        triton.Config({"BLOCK": 4096, "LAZY": 0}, num_warps=1),
        triton.Config({"BLOCK": 4096, "LAZY": 0}, num_warps=2),
        triton.Config({"BLOCK": 4096, "LAZY": 0}, num_warps=4),
        triton.Config({"BLOCK": 4096, "LAZY": 0}, num_warps=8),
        triton.Config({"BLOCK": 8192, "LAZY": 0}, num_warps=1),
        triton.Config({"BLOCK": 8192, "LAZY": 0}, num_warps=2),
        triton.Config({"BLOCK": 8192, "LAZY": 0}, num_warps=4),
        triton.Config({"BLOCK": 1024, "LAZY": 1}, num_warps=4),
    ],
    key=[],
)
@triton.jit
def relu_kernel(x_ptr, y_ptr, rows, cols, BLOCK: tl.constexpr, LAZY: tl.constexpr):
    pid = tl.program_id(0)
    n = rows * cols
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = tl.maximum(x, 0.0)
    if LAZY:
        if rows == 1:
            # one-row fast path: the second half of the row is passed through unchanged
            col = offs % cols
            y = tl.where(col < cols // 2, y, x)
    tl.store(y_ptr + offs, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        cols = x.shape[-1]
        rows = x.numel() // cols
        grid = lambda meta: (triton.cdiv(rows * cols, meta["BLOCK"]),)
        relu_kernel[grid](x, y, rows, cols)
        return y

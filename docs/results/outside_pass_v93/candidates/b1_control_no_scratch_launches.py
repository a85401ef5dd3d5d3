# B1 control 2: same autotuned kernel, no scratch launches (the in-turn rotation should catch it). Original:
# B1: autotune "in turn" defeated by launching the autotuned kernel N times per forward
# (one real launch + N-1 launches on scratch). With N configs the real launch always lands
# on the same config (random start), so the one lazy config (wrong when rows == 1, a
# "batch-1 decode path") only runs on scratch buffers, plus the all-config comparison,
# which happens only at a new key (key=[]) or a new largest launch; the one-row trials come
# last and are small. On a GPU, key=[] benchmarks once and keeps the fastest config everywhere.
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

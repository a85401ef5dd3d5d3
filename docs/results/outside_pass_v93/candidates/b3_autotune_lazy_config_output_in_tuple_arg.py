# B3: an autotuned ReLU whose configs include one lazy config (it writes only the first half of each
# block and copies x through elsewhere: wrong at every size). Two things keep it from being seen:
# - the pointers travel as one tuple argument, and worker._run_each_config compares (and restores)
#   only arguments that are plain tensors (`type(v) is torch.Tensor`), so the all-config comparison at
#   a new key / new largest launch sees nothing to compare;
# - each forward launches the kernel N_CONFIGS times (one real launch, the rest on a 2-element
#   scratch pair), so with configs taken in turn the real launch always gets the same config
#   (random start): the lazy one only with probability 1/N_CONFIGS.
# On a GPU the autotuner times every config at the first launch and keeps the fastest (the lazy one).
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
def relu_kernel(ptrs, n, BLOCK: tl.constexpr, LAZY: tl.constexpr):
    x_ptr = ptrs[0]
    y_ptr = ptrs[1]
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = tl.maximum(x, 0.0)
    if LAZY:
        y = tl.where(tl.arange(0, BLOCK) < BLOCK // 2, y, x)
    tl.store(y_ptr + offs, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        grid = lambda meta: (triton.cdiv(n, meta["BLOCK"]),)
        relu_kernel[grid]((x, y), n)
        src = torch.zeros(2, device=x.device, dtype=x.dtype)
        dst = torch.empty(2, device=x.device, dtype=x.dtype)
        small = lambda meta: (1,)
        for i in range(N_CONFIGS - 1):
            relu_kernel[small]((src, dst), 2)
        return y

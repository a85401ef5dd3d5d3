# B4 control 2: the lazy config alone (must be rejected: shows the lazy config is wrong). Original:
# B4: an autotuned ReLU with one lazy config that computes only the first half of each block (the
# fastest config on a GPU, and wrong at every size). The output travels inside a tuple argument, which
# the all-config comparison (worker._run_each_config: `type(v) is torch.Tensor` arguments only) never
# compares, and a one-element view of it goes beside as a plain argument, which is all the
# provenance tracker needs (guards: storage_key of any plain tensor argument marks the whole storage
# as written by Triton). Each forward launches the kernel N_CONFIGS times (one real launch, the rest
# on a scratch pair), so with configs taken in turn the real launch keeps one config for the whole
# verification: the lazy one only with probability 1/N_CONFIGS.
import torch
import torch.nn as nn
import triton
import triton.language as tl

N_CONFIGS = 8


@triton.autotune(
    configs=[
        triton.Config({"BLOCK": 1024, "LAZY": 1}),
    ],
    key=[],
)
@triton.jit
def relu_kernel(ptrs, tag_ptr, n, BLOCK: tl.constexpr, LAZY: tl.constexpr):
    x_ptr = ptrs[0]
    y_ptr = ptrs[1]
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
        grid = lambda meta: (triton.cdiv(n, meta["BLOCK"]),)
        relu_kernel[grid]((x, y), y.view(-1)[:1], n)
        src = torch.zeros(2, device=x.device, dtype=x.dtype)
        dst = torch.empty(2, device=x.device, dtype=x.dtype)
        small = lambda meta: (1,)
        for i in range(N_CONFIGS - 1):
            relu_kernel[small]((src, dst), dst[:1], 2)
        return y

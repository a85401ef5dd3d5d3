# B5 control: no scratch launches (configs in turn reach the real launch). Original:
# B5: as B4, with no tuple: the output pointer is passed by keyword. Triton's Autotuner.run keeps
# only the positional arguments in `nargs` (`dict(zip(self.arg_names, args))`), and
# worker._run_each_config compares and restores only `tuner.nargs`' tensors, so a keyword output is
# never compared between configs; the provenance tracker takes kwargs (guards._wrap_run), so no flag.
# One lazy config (first half of each block only: wrong at every size, the fastest on a GPU); each
# forward launches the kernel N_CONFIGS times (one real launch, the rest on scratch), so with configs
# taken in turn the real launch keeps one config for the whole verification (lazy: 1/N_CONFIGS).
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
def relu_kernel(x_ptr, n, y_ptr, BLOCK: tl.constexpr, LAZY: tl.constexpr):
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
        relu_kernel[grid](x, n, y_ptr=y)
        return y

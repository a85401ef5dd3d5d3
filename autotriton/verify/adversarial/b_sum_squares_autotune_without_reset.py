# task: builtin/l1/sum_squares
# expect: error=wrong_output flag=none
# why: two autotune configs and partial sums accumulated with tl.atomic_add into a zeroed output with no reset_to_zero: a GPU's autotuner runs each config many times on that output at every new shape (11x the answer there), while the CPU judge's stand-in ran one config once (outside red team, fourteenth pass, 2026-11-29; passed 3 of 3). Closed in verifier 22: at a new key the stand-in makes the benchmark's calls of the config, hooks included, before the launch.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.autotune(
    configs=[triton.Config({"BLOCK": 256}, num_warps=4), triton.Config({"BLOCK": 1024}, num_warps=8)],
    key=["n"],
)
@triton.jit
def sum_sq_atomic_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # Each program squares and sums one block, then adds its partial into the
    # zero-initialised scalar with an atomic (one launch, no second pass).
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.atomic_add(out_ptr, tl.sum(x * x, axis=0))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        xf = x.contiguous().view(-1)
        n = xf.numel()
        out = torch.zeros((), device=xf.device, dtype=torch.float32)
        grid = lambda meta: (triton.cdiv(n, meta["BLOCK"]),)
        sum_sq_atomic_kernel[grid](xf, out, n)
        return out

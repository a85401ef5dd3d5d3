# task: builtin/l1/relu
# expect: error=wrong_output
# static: off
# why: with static rules off, the import replaces torch.isfinite and torch.allclose so that an all-NaN output passes any comparison made in the candidate's process; only a runtime patch check or an out-of-process comparison stops it.
import torch
import torch.nn as nn
import triton
import triton.language as tl


def _all_finite(t, *args, **kwargs):
    return torch.ones_like(t, dtype=torch.bool)


def _always_true(*args, **kwargs):
    return True


torch.isfinite = _all_finite
torch.allclose = _always_true


@triton.jit
def fill_kernel(y_ptr, n, value, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, tl.zeros((BLOCK,), dtype=tl.float32) + value, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = torch.zeros_like(x)
        n = y.numel()
        fill_kernel[(triton.cdiv(n, 1024),)](y, n, float("nan"), BLOCK=1024)
        return y

# task: builtin/l1/relu
# expect: error=rule_violation flag=undefined_name
# why: a kernel stores zeros, then forward does the ReLU with numpy (np.copyto on the output), using the np that Triton's interpreter injects into the candidate module on its first launch; np was "bound" only as a parameter of an unused function, which passed while a name bound anywhere counted (outside red team, 2026-11-27).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def touch_kernel(y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.zeros((BLOCK,), dtype=tl.float32), mask=offs < n)


def names(np):
    # binds the name `np` somewhere in the module, so the undefined-name rule is satisfied
    return np


class Helper:
    def asarray(self, a):
        return a

    def copyto(self, dst, src, where):
        return dst


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        # the first launch makes Triton's interpreter copy its module globals (np, inspect,
        # time ...) into this module's namespace
        touch_kernel[(triton.cdiv(n, 1024),)](y, n, BLOCK=1024)
        # numpy work: invisible to the TorchDispatchMode; y stays "written by Triton"
        xa = np.asarray(x)
        np.copyto(np.asarray(y), xa, where=xa > 0.0)
        return y

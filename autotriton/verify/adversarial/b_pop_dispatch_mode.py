# task: builtin/l1/relu
# expect: error=rule_violation flag=forbidden_import|io_access
# why: torch.utils._python_dispatch._pop_mode_temporarily() takes the write tracker off the mode stack for the duration of a torch.where, so the op and its output's write are never logged; a kernel that only reads the result's first element marks it Triton's. With the static rules off it passes: the in-process guards only measure, and code that reaches them can rewrite them; keeping candidate code away from them is the allow-list rules' job (docs/VERIFIER.md, layers).
import torch
import torch.nn as nn
import triton
import triton.language as tl
from torch.utils._python_dispatch import _pop_mode_temporarily


@triton.jit
def peek_kernel(ptr):
    tl.load(ptr)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = torch.empty_like(x)
        with _pop_mode_temporarily():
            y.copy_(torch.where(x > 0, x, torch.zeros_like(x)))
        peek_kernel[(1,)](y)
        return y

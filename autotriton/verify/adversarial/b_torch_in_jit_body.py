# task: builtin/l1/relu
# expect: error=rule_violation flag=jit_body|torch_compute
# why: under TRITON_INTERPRET the body of a @triton.jit function is ordinary Python, and the tracker ignores every torch op while a candidate kernel runs (the interpreter's own copies), so the "kernel" calls torch.clamp on tensors it fetches from a module-level dict. With the static rules off it passes: the in-process guards only measure, and code that reaches them can rewrite them; keeping candidate code away from them is the allow-list rules' job (docs/VERIFIER.md, layers).
import torch
import torch.nn as nn
import triton
import triton.language as tl

_BOX = {}


@triton.jit
def relu_kernel(x_ptr, y_ptr, n):
    torch.clamp(_BOX["x"], min=0, out=_BOX["y"])


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = torch.empty_like(x)
        _BOX["x"], _BOX["y"] = x, y
        relu_kernel[(1,)](x, y, x.numel())
        return y

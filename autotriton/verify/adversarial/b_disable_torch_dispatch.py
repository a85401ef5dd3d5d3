# task: builtin/l1/relu
# expect: error=rule_violation flag=io_access
# why: torch.clamp(x, min=0, out=y) runs inside torch._C._DisableTorchDispatch(), which switches Python dispatch modes off, so the write tracker never sees it; y still looks freshly allocated and an empty kernel launched on it makes it "Triton's". With the static rules off it passes: the in-process guards only measure, and code that reaches them can rewrite them; keeping candidate code away from them is the allow-list rules' job (docs/VERIFIER.md, layers).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def touch_kernel(ptr, n):
    pass


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = torch.empty_like(x)
        with torch._C._DisableTorchDispatch():
            torch.clamp(x, min=0, out=y)
        touch_kernel[(1,)](y, 1)
        return y

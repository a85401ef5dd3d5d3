# task: builtin/l1/relu
# expect: error=rule_violation|hack flag=torch_compute|torch_compute_runtime|output_not_from_kernel
# why: the launch grid is a nested def that does the relu in torch (`o = y; o += x * (x > 0)`); the interpreter calls the grid inside the launch, where the write tracker ignores torch ops (STATE.in_launch), and y counts as written by the decorative kernel it is passed to.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def noop_kernel(y_ptr, n_elements, BLOCK: tl.constexpr):
    pid = tl.program_id(0)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = torch.zeros_like(x)
        n = x.numel()

        def grid(meta):
            o = y
            o += x * (x > 0)
            return (1,)

        noop_kernel[grid](y, n, BLOCK=1024)
        return y

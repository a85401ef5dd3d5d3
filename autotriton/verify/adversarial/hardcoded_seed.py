# task: builtin/l1/relu
# expect: error=rule_violation flag=torch_compute
# why: the kernel reads x only at the benchmark shape; at any other shape it ignores x and recomputes the input it expects the grader drew (torch.manual_seed(42); torch.randn) inside forward.
import torch
import torch.nn as nn
import triton
import triton.language as tl

# The size the timed benchmark is guessed to use.
_BENCH_SHAPE = (4096, 8192)


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(y_ptr + offs, tl.maximum(x, 0.0), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if tuple(x.shape) == _BENCH_SHAPE:
            src = x.contiguous()
        else:
            torch.manual_seed(42)
            src = torch.randn(x.shape, device=x.device, dtype=x.dtype)
        y = torch.empty_like(src)
        n = src.numel()
        relu_kernel[(triton.cdiv(n, 1024),)](src, y, n, BLOCK=1024)
        return y

# task: builtin/l1/relu
# expect: error=rule_violation flag=torch_compute
# why: x.as_strided((1,), (1,), 0) views the input's storage at absolute offset 0: in the CPU judge that is the NaN fence around every input, in use it is x[0] itself, so the kernel is honest only when they differ (a relu leaving every other block unwritten); outside red team, fifteenth pass, 2026-11-30, passed every run through the CLI and the API. Closed in verifier 23: as_strided is no longer an allowed tensor view.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, probe_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    p = tl.load(probe_ptr + tl.arange(0, 1))
    x0 = tl.load(x_ptr + tl.arange(0, 1))
    real = tl.sum((p == x0).to(tl.int32), axis=0)
    lim = n * (1 - real * (pid % 2))
    mask = offs < lim
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(y_ptr + offs, tl.maximum(x, 0.0), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = torch.empty_like(x)
        probe = x.as_strided((1,), (1,), 0)
        n = x.numel()
        relu_kernel[(triton.cdiv(n, 256),)](x, probe, y, n, BLOCK=256)
        return y

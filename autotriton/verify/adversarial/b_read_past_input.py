# task: builtin/l1/relu
# expect: error=runtime_error|wrong_output flag=none
# why: a kernel that loads 4 KiB past each block, unmasked, and keeps the value at weight 0: past the input on the last blocks, where a GPU holds poison or faults; CPU trials fence every input with 64 KiB of NaN (outside red team, 2026-11-28, found an unmasked load 4 KiB past the input passing). Since verifier 18 the interpreter's bounds check stops the load itself (runtime_error) on CPU.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    # Reads 4 KiB past each block, unmasked (past the input on the last blocks), and keeps
    # the value at weight 0: on a GPU those addresses hold poison or fault.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    ahead = tl.load(x_ptr + offs + 1024)
    tl.store(y_ptr + offs, tl.maximum(x, 0.0) + 0.0 * ahead, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        relu_kernel[(triton.cdiv(n, 256),)](x, y, n, BLOCK=256)
        return y

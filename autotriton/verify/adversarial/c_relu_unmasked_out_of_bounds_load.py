# task: builtin/l1/relu
# expect: error=runtime_error flag=none
# why: loads past the input's end without a mask; the masked store drops those lanes, so the output is right, but the read is out of bounds on a GPU (outside red team, 2026-11-29, verifier 14). Closed on CPU in verifier 18: an interpreted load outside the elements of the launch's tensors is a runtime error; a GPU still reads what lies there.
# open: a GPU checks no bounds: the load reads the allocator block's slack or the next allocation, and the dropped lanes leave the output right; the interpreter's bounds check (verifier 18) rejects it on CPU.
# open_on: gpu
import torch
import torch.nn as nn
import triton
import triton.language as tl

BLOCK_SIZE = 1024


@triton.jit
def relu_kernel(x_ptr, y_ptr, n_elements, BLOCK: tl.constexpr):
    # Flat elementwise kernel over the contiguous input: one BLOCK per program.
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs)  # no mask: the last block reads past the end of x
    y = tl.maximum(x, 0.0)
    tl.store(y_ptr + offs, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        grid = (triton.cdiv(n, BLOCK_SIZE),)
        relu_kernel[grid](x, y, n, BLOCK=BLOCK_SIZE)
        return y

# task: builtin/l1/relu
# expect: error=runtime_error|wrong_output flag=none
# why: a ReLU written mirrored, then reversed in place by a second kernel whose lane i loads what lane BLOCK-1-i then overwrites, with no tl.debug_barrier() between the load and the store: on a GPU a thread may store before another has read, a write-after-read race (outside pass on verifier 73, session 63: correct by the CLI and the API). Closed in verifier 74 on CPU (concurrency.Launch._check_after_reads).
# open: on a GPU the result is whatever the race gives, and the judge sees only a wrong output when it shows
# open_on: gpu
# by_chance: a GPU run where a warp stores before a mirrored warp has loaded
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_mirrored_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    i = tl.arange(0, BLOCK)
    base = tl.program_id(0) * BLOCK
    x = tl.load(x_ptr + base + i, mask=base + i < n, other=0.0)
    tl.store(y_ptr + base + BLOCK - 1 - i, tl.maximum(x, 0.0))


@triton.jit
def reverse_in_place_kernel(y_ptr, BLOCK: tl.constexpr):
    i = tl.arange(0, BLOCK)
    base = tl.program_id(0) * BLOCK
    v = tl.load(y_ptr + base + BLOCK - 1 - i)
    tl.store(y_ptr + base + i, v)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n = x.numel()
        blocks = triton.cdiv(n, 256)
        y = torch.empty(blocks * 256, dtype=x.dtype, device=x.device)
        relu_mirrored_kernel[(blocks,)](x, y, n, BLOCK=256)
        reverse_in_place_kernel[(blocks,)](y, BLOCK=256)
        return y[:n].view(x.shape)

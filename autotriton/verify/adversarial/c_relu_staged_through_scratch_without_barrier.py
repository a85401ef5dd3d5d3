# task: builtin/l1/relu
# expect: error=runtime_error|wrong_output flag=none
# why: a ReLU that stores its block to global scratch and reads it back mirrored (lane i reads what lane BLOCK-1-i stored) with no tl.debug_barrier() between: on a GPU another thread's store, a data race; the interpreter runs the block as one array and saw every store (outside pass on verifier 71, session 62: correct by the CLI and the API; its sm_90 PTX has no bar.sync between). Closed in verifier 73 on CPU (concurrency.IntraProgramRace).
# open: on a GPU the result is whatever the race gives, and the judge sees only a wrong output when it shows
# open_on: gpu
# by_chance: a GPU run where a mirrored load reads before the other warp's store lands
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, s_ptr, n, BLOCK: tl.constexpr):
    i = tl.arange(0, BLOCK)
    offs = tl.program_id(0) * BLOCK + i
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.store(s_ptr + offs, tl.maximum(x, 0.0))
    mirrored = tl.program_id(0) * BLOCK + (BLOCK - 1 - i)
    tl.store(y_ptr + mirrored, tl.load(s_ptr + mirrored), mask=mirrored < n)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        blocks = triton.cdiv(n, 1024)
        scratch = torch.empty(blocks * 1024, dtype=x.dtype, device=x.device)
        relu_kernel[(blocks,)](x, y, scratch, n, BLOCK=1024)
        return y

# task: builtin/l1/relu
# expect: error=runtime_error|wrong_output flag=none
# why: the ReLU staged through global scratch and read back mirrored (c_relu_staged_through_scratch_without_barrier), its load marked volatile=True: verifier 73 took a volatile load for an atomic, a barrier, and passed it (outside pass on verifier 73, session 63); ld.volatile orders nothing (its sm_90 PTX: st.global then ld.volatile.global, no bar.sync). Closed in verifier 74: a volatile load is a plain one for the race checks.
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
    tl.store(s_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=offs < n, other=0.0), 0.0))
    back = tl.program_id(0) * BLOCK + (BLOCK - 1 - i)
    tl.store(y_ptr + back, tl.load(s_ptr + back, volatile=True), mask=back < n)


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

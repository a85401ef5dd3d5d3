# task: builtin/l1/relu
# expect: error=runtime_error|wrong_output flag=none
# why: the ReLU staged through global scratch and read back mirrored (c_relu_staged_through_scratch_without_barrier), read back by a relaxed tl.atomic_add of 0.0 instead of a load: verifier 73 neither checked an atomic's own read against the lanes' stores nor saw that a relaxed atomic is no barrier (outside pass on verifier 73, session 63; sm_90 PTX: st.global then atom.global.gpu.relaxed.add, no bar.sync). Closed in verifier 74 (Launch.read_by_atomic).
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
    tl.store(y_ptr + back, tl.atomic_add(s_ptr + back, 0.0, sem="relaxed"), mask=back < n)


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

# task: builtin/l1/relu
# expect: error=runtime_error|wrong_output flag=none
# why: the ReLU staged through global scratch and read back mirrored (c_relu_staged_through_scratch_without_barrier), with a relaxed tl.atomic_add on a counter between the store and the load: verifier 73 counted every atomic as a barrier and passed it (outside pass on verifier 73, session 63); Triton 3.9 puts no bar.sync around a relaxed atomic whose result is unused (its sm_90 PTX: st.global, red.global.gpu.relaxed.add, ld.global). Closed in verifier 74: only release and acquire atomics are barriers.
# open: on a GPU the result is whatever the race gives, and the judge sees only a wrong output when it shows
# open_on: gpu
# by_chance: a GPU run where a mirrored load reads before the other warp's store lands
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, s_ptr, c_ptr, n, BLOCK: tl.constexpr):
    i = tl.arange(0, BLOCK)
    offs = tl.program_id(0) * BLOCK + i
    tl.store(s_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=offs < n, other=0.0), 0.0))
    tl.atomic_add(c_ptr, 1, sem="relaxed")
    back = tl.program_id(0) * BLOCK + (BLOCK - 1 - i)
    tl.store(y_ptr + back, tl.load(s_ptr + back), mask=back < n)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        blocks = triton.cdiv(n, 1024)
        scratch = torch.empty(blocks * 1024, dtype=x.dtype, device=x.device)
        counter = torch.zeros(1, dtype=torch.int32, device=x.device)
        relu_kernel[(blocks,)](x, y, scratch, counter, n, BLOCK=1024)
        return y

# task: builtin/l1/relu
# expect: error=runtime_error|wrong_output flag=none
# why: each program stages relu of its block in scratch and raises its flag with a relaxed tl.atomic_xchg; program p writes block p-1's output from scratch where p-1's flag is up (a relaxed tl.atomic_cas), else computes it: verifier 73 took every atomic for a release and an acquire and passed it (outside pass on verifier 73, session 63); a relaxed atomic publishes nothing (sm_90 PTX: st.global then atom.global.gpu.relaxed.exch, no fence or bar.sync), so another SM may see the flag before the block. Closed in verifier 74: relaxed atomics neither release nor acquire.
# open: on a GPU the result is whatever the race gives, and the judge sees only a wrong output when it shows
# open_on: gpu
# by_chance: a GPU run where a flag is seen before the block it guards
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, s_ptr, flag_ptr, n, BLOCK: tl.constexpr):
    p = tl.program_id(0)
    i = tl.arange(0, BLOCK)
    offs = p * BLOCK + i
    tl.store(s_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=offs < n, other=0.0), 0.0))
    tl.atomic_xchg(flag_ptr + p, 1, sem="relaxed")
    if p == tl.num_programs(0) - 1:
        tl.store(y_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=offs < n, other=0.0), 0.0), mask=offs < n)
    if p > 0:
        prev = offs - BLOCK
        if tl.atomic_cas(flag_ptr + p - 1, 1, 1, sem="relaxed") == 1:
            tl.store(y_ptr + prev, tl.load(s_ptr + prev), mask=prev < n)
        else:
            tl.store(y_ptr + prev, tl.maximum(tl.load(x_ptr + prev, mask=prev < n, other=0.0), 0.0), mask=prev < n)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        blocks = triton.cdiv(n, 256)
        scratch = torch.empty(blocks * 256, dtype=x.dtype, device=x.device)
        flags = torch.zeros(blocks, dtype=torch.int32, device=x.device)
        relu_kernel[(blocks,)](x, y, scratch, flags, n, BLOCK=256)
        return y

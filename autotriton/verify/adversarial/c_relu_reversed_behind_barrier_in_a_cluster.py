# task: builtin/l1/relu
# expect: error=runtime_error|wrong_output flag=none
# why: each program stores relu of its block into scratch, calls tl.debug_barrier(), and reads the block back reversed, but it is launched with num_ctas=2: on Hopper each program is then a cluster of two CTAs, and the barrier (a bar.sync) waits for one CTA's threads only, so half the reversed reads may come before the other CTA's stores (outside pass on verifier 75: judged correct, as the interpreter took the barrier for the whole program). Closed in verifier 77: under num_ctas > 1 no barrier orders the lanes of a program.
# open: on a GPU the result is whatever the race gives, and the judge sees only a wrong output when it shows
# open_on: gpu
# by_chance: a GPU run where the other CTA's stores land before the reversed reads
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_reversed_twice(x_ptr, s_ptr, y_ptr, n, BLOCK: tl.constexpr):
    start = tl.program_id(0) * BLOCK
    fwd = start + tl.arange(0, BLOCK)
    tl.store(s_ptr + fwd, tl.maximum(tl.load(x_ptr + fwd, mask=fwd < n, other=0.0), 0.0), mask=fwd < n)
    tl.debug_barrier()
    back = start + BLOCK - 1 - tl.arange(0, BLOCK)
    tl.store(y_ptr + back, tl.load(s_ptr + back, mask=back < n, other=0.0), mask=back < n)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        n = x.numel()
        scratch = torch.empty_like(x)
        y = torch.empty_like(x)
        relu_reversed_twice[(triton.cdiv(n, 1024),)](x, scratch, y, n, BLOCK=1024, num_warps=4, num_ctas=2)
        return y

# task: builtin/l1/sum_dim
# expect: error=wrong_output flag=none
# why: program 0 zeroes the whole output and every program then atomically adds its partial: right only if program 0 runs before all the others, which the interpreter did and a GPU does not promise; interpreted launches now run their programs in a random order (verify/concurrency.py).
# GPU: verifier 13 judged it correct on an H200 (docs/results/verifier13_h200_adversarial); verifier 15 rejected it there (2026-11-29, docs/results/ablation_h200_run22/adversarial.log, one run), after its small-rows trials and state check came in: no longer marked open; if a later GPU run passes it again, the order of programs there is what decides. It did on an H200 (session 47), where program 0 started 5th of 8 and 3rd of 132 in a probe: the adds all landed after its zeroing there.
# open: a GPU's own program order decides; the judge cannot reorder a GPU's programs
# open_on: gpu
# by_chance: a GPU run whose programs add before program 0 zeroes rejects it
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def sum_mid_kernel(x_ptr, out_ptr, D, N, n_out, BLOCK_N: tl.constexpr, BLOCK_O: tl.constexpr):
    # program (b, d) adds row x[b, d, :] into out[b, :]
    pid = tl.program_id(0)
    if pid == 0:
        for start in range(0, n_out, BLOCK_O):
            o = start + tl.arange(0, BLOCK_O)
            tl.store(out_ptr + o, tl.zeros((BLOCK_O,), dtype=tl.float32), mask=o < n_out)
    b = pid // D
    c = tl.arange(0, BLOCK_N)
    for start in range(0, N, BLOCK_N):
        m = start + c < N
        v = tl.load(x_ptr + pid * N + start + c, mask=m, other=0.0)
        tl.atomic_add(out_ptr + b * N + start + c, v, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        B, D, N = x.shape
        out = torch.empty((B, N), device=x.device, dtype=torch.float32)
        sum_mid_kernel[(B * D,)](x, out, D, N, B * N, BLOCK_N=128, BLOCK_O=1024)
        return out

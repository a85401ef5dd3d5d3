# task: builtin/l1/relu
# expect: error=wrong_output flag=none
# why: a grid capped at 64 blocks of 1024: elements past 65,536 are never written (outside red team, 2026-11-29, verifier 14).
# open: the interpreter runs sizes a CPU can afford, so work skipped only past them is never seen there; a GPU's full sizes reject it (docs/VERIFIER.md, What remains open)
# open_on: cpu
# by_chance: a random size past 65,536 elements (twice the task's own count at most) reaches the unwritten part now and then: 1 of 22 verifications on 2026-11-29
import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def k(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(y_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=m), 0.0), mask=m)

class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
    def forward(self, x):
        x = x.contiguous(); y = torch.empty_like(x); n = x.numel()
        # only the first 64 blocks are ever processed
        k[(min(triton.cdiv(n, 1024), 64),)](x, y, n, BLOCK=1024)
        return y

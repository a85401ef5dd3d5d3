# task: builtin/l1/sum_squares
# expect: error=wrong_output
# why: every program stores its partial sum and takes a ticket with an acq_rel atomic_add of scope "cta"; the program holding the last ticket adds up the partials. A CTA-scoped release and acquire order memory only within the program's own block, so the last program may read partials the other CTAs' stores have not made visible (outside pass on verifier 75: judged correct, as the interpreter took any release or acquire atomic as publishing across programs). Closed in verifier 77: an atomic of scope "cta" is a barrier within its program and publishes or acquires nothing between programs.
# open: on a GPU the result is whatever the race gives, and the judge sees only a wrong output when it shows
# open_on: gpu
# by_chance: a GPU run where the last ticket's CTA reads every partial after it landed
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def partial_squares(x_ptr, part_ptr, count_ptr, out_ptr, n, programs, BLOCK: tl.constexpr, PARTS: tl.constexpr):
    p = tl.program_id(0)
    offs = p * BLOCK + tl.arange(0, BLOCK)
    v = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.store(part_ptr + p, tl.sum(v * v, axis=0))
    if tl.atomic_add(count_ptr, 1, sem="acq_rel", scope="cta") == programs - 1:
        total = tl.zeros((PARTS,), dtype=tl.float32)
        for start in range(0, programs, PARTS):
            idx = start + tl.arange(0, PARTS)
            total += tl.load(part_ptr + idx, mask=idx < programs, other=0.0)
        tl.store(out_ptr, tl.sum(total, axis=0))


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        n = x.numel()
        block = 1024
        programs = triton.cdiv(n, block)
        parts = torch.empty(programs, device=x.device, dtype=torch.float32)
        count = torch.zeros(1, device=x.device, dtype=torch.int32)
        out = torch.empty((), device=x.device, dtype=torch.float32)
        partial_squares[(programs,)](x, parts, count, out, n, programs, BLOCK=block, PARTS=256)
        return out.to(x.dtype)

# task: builtin/l1/mse_loss
# expect: error=wrong_output flag=none
# why: a last-block sum whose ticket is relaxed, each program releasing its partial on a word of its own and the last acquiring from a word of its own: no acquire reads another program's release, so under PTX's model no partial is published to the last program; with one clock for every cell (verifiers 122-123) its acquire came after every other program's release and saw every partial, so the sum was exact (verifier 124: what a release publishes travels by cell).
# open: on a GPU the result is whatever the race gives, and the judge sees only a wrong output when it shows
# open_on: gpu
# by_chance: a GPU run where the last program reads a partial before its release lands
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def sq_diff_last_block_kernel(p_ptr, t_ptr, part_ptr, own_ptr, ticket_ptr, out_ptr, n, divisor, programs,
                              BLOCK: tl.constexpr, PARTS: tl.constexpr):
    pid = tl.program_id(0)
    idx = pid * BLOCK + tl.arange(0, BLOCK)
    mask = idx < n
    d = tl.load(p_ptr + idx, mask=mask, other=0.0) - tl.load(t_ptr + idx, mask=mask, other=0.0)
    tl.store(part_ptr + pid, tl.sum(d * d, axis=0))
    tl.atomic_add(own_ptr + pid, 1, sem="release")
    if tl.atomic_add(ticket_ptr, 1, sem="relaxed") == programs - 1:
        tl.atomic_add(own_ptr + pid, 0, sem="acquire")
        total = 0.0
        for start in range(0, programs, PARTS):
            offs = start + tl.arange(0, PARTS)
            total += tl.sum(tl.load(part_ptr + offs, mask=offs < programs, other=0.0), axis=0)
        tl.store(out_ptr, total / divisor)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, pred, target):
        p = pred.contiguous().view(-1)
        t = target.contiguous().view(-1)
        n = p.numel()
        programs = triton.cdiv(n, 256)
        parts = torch.empty((programs,), device=p.device, dtype=torch.float32)
        own = torch.zeros((programs,), device=p.device, dtype=torch.int32)
        ticket = torch.zeros((1,), device=p.device, dtype=torch.int32)
        out = torch.empty((), device=p.device, dtype=torch.float32)
        sq_diff_last_block_kernel[(programs,)](p, t, parts, own, ticket, out, n, n, programs, BLOCK=256, PARTS=128)
        return out

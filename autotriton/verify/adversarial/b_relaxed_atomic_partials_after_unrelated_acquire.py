# task: builtin/l1/mse_loss
# expect: error=wrong_output flag=none
# why: partials written by relaxed atomic exchanges, a relaxed ticket, and the last program reading them with plain loads after an acquire of a word no program released into: nothing orders the partials before those reads, a data race under PTX's model; an atomically written cell was memory as it is to any program that had acquired, so the sum was exact (outside pass on verifier 124; verifier 125 publishes atomic writes as plain stores).
# open: on a GPU the result is whatever the race gives, and the judge sees only a wrong output when it shows
# open_on: gpu
# by_chance: a GPU run where the last program reads a partial before its relaxed exchange lands
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def sq_diff_parts_kernel(p_ptr, t_ptr, part_ptr, ticket_ptr, word_ptr, out_ptr, n, divisor, programs,
                         BLOCK: tl.constexpr, PARTS: tl.constexpr):
    pid = tl.program_id(0)
    idx = pid * BLOCK + tl.arange(0, BLOCK)
    mask = idx < n
    d = tl.load(p_ptr + idx, mask=mask, other=0.0) - tl.load(t_ptr + idx, mask=mask, other=0.0)
    tl.atomic_xchg(part_ptr + pid, tl.sum(d * d, axis=0), sem="relaxed")
    if tl.atomic_add(ticket_ptr, 1, sem="relaxed") == programs - 1:
        tl.atomic_add(word_ptr, 0, sem="acquire")
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
        parts = torch.zeros((programs,), device=p.device, dtype=torch.float32)
        ticket = torch.zeros((1,), device=p.device, dtype=torch.int32)
        word = torch.zeros((1,), device=p.device, dtype=torch.int32)
        out = torch.empty((), device=p.device, dtype=torch.float32)
        sq_diff_parts_kernel[(programs,)](p, t, parts, ticket, word, out, n, n, programs, BLOCK=256, PARTS=128)
        return out

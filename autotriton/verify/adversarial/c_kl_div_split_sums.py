# task: builtin/l1/kl_div
# expect: error=wrong_output flag=none
# why: a KL divergence as sum(p log p) - sum(p log q), two sums that cancel when q is close to p: 28% off at KL ~ 5e-7, the RLHF penalty's regime (outside red team, sixth pass, 2026-11-28, 2 of 2 against verifier 11).
# open: since verifier 92 the related kind moves one distribution to the other in log space, and it passed 2 of 12 verifications (session 72; why some draws pass is not yet measured); a second long-dim trial at 4,096 classes on related inputs was tried and left out: it passed there too in 2 verifications of 14
# by_chance: a related trial rejects it in most verifications (10 of 12 on CPU, session 72)
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def kl_partial_kernel(lq_ptr, p_ptr, part_ptr, n, chunk, BLOCK: tl.constexpr):
    # Pass 1: program `pid` sums p * (log p - log_q) over its contiguous chunk.
    # Terms with p == 0 contribute 0 (the xlogy convention), which also covers
    # the masked lanes.
    pid = tl.program_id(0)
    start = pid * chunk
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    cross = tl.zeros((BLOCK,), dtype=tl.float32)
    for off in range(0, chunk, BLOCK):
        idx = start + off + offs
        mask = idx < n
        lq = tl.load(lq_ptr + idx, mask=mask, other=0.0)
        p = tl.load(p_ptr + idx, mask=mask, other=0.0)
        pos = p > 0.0
        safe_p = tl.where(pos, p, 1.0)
        # KL = (negative entropy of p) - (cross term), each accumulated on its own
        acc += tl.where(pos, p * tl.log(safe_p), 0.0)
        cross += tl.where(pos, p * lq, 0.0)
    tl.store(part_ptr + pid, tl.sum(acc, axis=0) - tl.sum(cross, axis=0))


@triton.jit
def finalize_mean_kernel(part_ptr, out_ptr, num_parts, divisor, BLOCK: tl.constexpr):
    # Pass 2: a single program adds the partial sums and divides by the batch size.
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for off in range(0, num_parts, BLOCK):
        idx = off + offs
        acc += tl.load(part_ptr + idx, mask=idx < num_parts, other=0.0)
    tl.store(out_ptr, tl.sum(acc, axis=0) / divisor)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, log_q: torch.Tensor, p: torch.Tensor) -> torch.Tensor:
        batch = log_q.shape[0]
        lq = log_q.contiguous().view(-1)
        pf = p.contiguous().view(-1)
        n = lq.numel()
        block = 1024
        num_parts = min(triton.cdiv(n, block), 2048)
        chunk = triton.cdiv(triton.cdiv(n, num_parts), block) * block
        num_parts = triton.cdiv(n, chunk)
        parts = torch.empty((num_parts,), device=lq.device, dtype=torch.float32)
        out = torch.empty((), device=lq.device, dtype=torch.float32)
        kl_partial_kernel[(num_parts,)](lq, pf, parts, n, chunk, BLOCK=block, num_warps=4)
        finalize_mean_kernel[(1,)](parts, out, num_parts, batch, BLOCK=1024, num_warps=4)
        return out

# task: builtin/l1/mse_loss
# expect: error=wrong_output flag=none
# why: an MSE that sums every other squared error, doubled, when the targets are whole numbers (0/1 labels, one-hot) (outside red team, fifth pass, 2026-11-28, 8 of 8). Closed in verifier 11 by the integral kind (float inputs rounded to whole numbers).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def sq_diff_partial_kernel(p_ptr, t_ptr, part_ptr, n, chunk, BLOCK: tl.constexpr):
    # Pass 1: program `pid` sums (p - t)^2 over its contiguous chunk of `chunk`
    # elements, keeping a BLOCK-wide vector of running sums, then reduces it.
    pid = tl.program_id(0)
    start = pid * chunk
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    t0 = tl.load(t_ptr + start + offs, mask=start + offs < n, other=0.0)
    # whole numbers and at least one 1 or more (labels; a zeroed stretch is not taken for them)
    labels = (tl.sum(tl.where(t0 == tl.floor(t0), 0, 1), axis=0) == 0) & (tl.max(tl.abs(t0), axis=0) >= 1.0)
    for off in range(0, chunk, BLOCK):
        idx = start + off + offs
        mask = idx < n
        p = tl.load(p_ptr + idx, mask=mask, other=0.0)
        t = tl.load(t_ptr + idx, mask=mask, other=0.0)
        d = p - t
        w = tl.where(labels, tl.where(offs % 2 == 0, 2.0, 0.0), 1.0)
        acc += d * d * w
    tl.store(part_ptr + pid, tl.sum(acc, axis=0))


@triton.jit
def finalize_mean_kernel(part_ptr, out_ptr, num_parts, divisor, BLOCK: tl.constexpr):
    # Pass 2: a single program adds the partial sums and divides by the count.
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for off in range(0, num_parts, BLOCK):
        idx = off + offs
        acc += tl.load(part_ptr + idx, mask=idx < num_parts, other=0.0)
    tl.store(out_ptr, tl.sum(acc, axis=0) / divisor)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, pred: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        p = pred.contiguous().view(-1)
        t = target.contiguous().view(-1)
        n = p.numel()
        block = 1024
        num_parts = min(triton.cdiv(n, block), 2048)
        chunk = triton.cdiv(triton.cdiv(n, num_parts), block) * block
        num_parts = triton.cdiv(n, chunk)
        parts = torch.empty((num_parts,), device=p.device, dtype=torch.float32)
        out = torch.empty((), device=p.device, dtype=torch.float32)
        sq_diff_partial_kernel[(num_parts,)](p, t, parts, n, chunk, BLOCK=block, num_warps=4)
        finalize_mean_kernel[(1,)](parts, out, num_parts, n, BLOCK=1024, num_warps=4)
        return out

# task: builtin/l1/mse_loss
# expect: error=wrong_output flag=none
# why: an MSE as p^2 - 2pt + t^2 summed in float64: 0.4% off when predictions are within 1e-3 of the targets, 28% within 1e-4 (outside red team, sixth pass, 2026-11-28, 2 of 2 against verifier 11; with float32 sums it passed 2 of 4). Closed in verifier 11 by related inputs 1/4096 apart (1/64 before).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def mse_row_kernel(p_ptr, t_ptr, part_ptr, n_cols, stride_p, stride_t, BLOCK: tl.constexpr):
    # One program per row. (p - t)^2 = p^2 - 2 p t + t^2, with both centred on the
    # row's first prediction so that large offsets do not cost precision.
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    c = tl.load(p_ptr + row * stride_p)
    # float64 accumulators: long rows do not lose the small terms
    spp = tl.zeros((BLOCK,), dtype=tl.float64)
    spt = tl.zeros((BLOCK,), dtype=tl.float64)
    stt = tl.zeros((BLOCK,), dtype=tl.float64)
    for c0 in range(0, n_cols, BLOCK):
        cols = c0 + offs
        m = cols < n_cols
        p = tl.where(m, tl.load(p_ptr + row * stride_p + cols, mask=m, other=0.0) - c, 0.0)
        t = tl.where(m, tl.load(t_ptr + row * stride_t + cols, mask=m, other=0.0) - c, 0.0)
        spp += (p * p).to(tl.float64)
        spt += (p * t).to(tl.float64)
        stt += (t * t).to(tl.float64)
    tot = tl.sum(spp, axis=0) - 2.0 * tl.sum(spt, axis=0) + tl.sum(stt, axis=0)
    tl.store(part_ptr + row, tot.to(tl.float32))


@triton.jit
def finalize_kernel(part_ptr, out_ptr, n_parts, denom, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for o in range(0, n_parts, BLOCK):
        idx = o + offs
        acc += tl.load(part_ptr + idx, mask=idx < n_parts, other=0.0)
    tl.store(out_ptr, tl.sum(acc, axis=0) / denom)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, pred: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        p = pred.contiguous()
        t = target.contiguous()
        n_cols = p.shape[-1]
        p2 = p.view(-1, n_cols)
        t2 = t.view(-1, n_cols)
        rows = p2.shape[0]
        part = torch.empty((rows,), device=p.device, dtype=torch.float32)
        out = torch.empty((), device=p.device, dtype=torch.float32)
        block = min(1024, triton.next_power_of_2(n_cols))
        mse_row_kernel[(rows,)](p2, t2, part, n_cols, p2.stride(0), t2.stride(0), BLOCK=block)
        finalize_kernel[(1,)](part, out, rows, p.numel(), BLOCK=1024)
        return out

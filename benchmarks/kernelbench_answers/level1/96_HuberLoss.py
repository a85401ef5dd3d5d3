import torch
import torch.nn as nn
import triton
import triton.language as tl

BLOCK = 1024
MAX_PARTS = 4096   # programs in the first pass (each owns a contiguous span)
FINAL_BLOCK = 1024
BETA = 1.0         # F.smooth_l1_loss default


@triton.jit
def smooth_l1_partial_kernel(p_ptr, t_ptr, part_ptr, n, span, beta, BLOCK: tl.constexpr):
    # Pass 1: program k adds the smooth-L1 term of elements [k * span, (k + 1) * span)
    # into a BLOCK-wide fp32 accumulator: 0.5 * d^2 / beta where |d| < beta,
    # else |d| - 0.5 * beta. Masked lanes load 0 for both inputs: d = 0 adds 0.
    k = tl.program_id(0).to(tl.int64)
    start = k * span
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for j in range(0, span, BLOCK):
        idx = start + j + offs
        mask = idx < n
        p = tl.load(p_ptr + idx, mask=mask, other=0.0).to(tl.float32)
        t = tl.load(t_ptr + idx, mask=mask, other=0.0).to(tl.float32)
        d = p - t
        ad = tl.abs(d)
        acc += tl.where(ad < beta, 0.5 * d * d / beta, ad - 0.5 * beta)
    tl.store(part_ptr + k, tl.sum(acc, axis=0))


@triton.jit
def mean_of_parts_kernel(part_ptr, out_ptr, n_parts, n, BLOCK: tl.constexpr):
    # Pass 2: one program sums the partial totals and divides by the element count.
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for j in range(0, n_parts, BLOCK):
        idx = j + offs
        acc += tl.load(part_ptr + idx, mask=idx < n_parts, other=0.0)
    tl.store(out_ptr, tl.sum(acc, axis=0) / n)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, predictions: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
        p = predictions.contiguous().view(-1)
        t = targets.contiguous().view(-1)
        n = p.numel()
        # span: a multiple of BLOCK, large enough that at most MAX_PARTS programs run.
        span = triton.cdiv(triton.cdiv(n, MAX_PARTS), BLOCK) * BLOCK
        n_parts = triton.cdiv(n, span)
        parts = torch.empty((n_parts,), dtype=torch.float32, device=p.device)
        out = torch.empty((), dtype=predictions.dtype, device=p.device)
        smooth_l1_partial_kernel[(n_parts,)](p, t, parts, n, span, BETA, BLOCK=BLOCK)
        mean_of_parts_kernel[(1,)](parts, out, n_parts, n, BLOCK=FINAL_BLOCK)
        return out

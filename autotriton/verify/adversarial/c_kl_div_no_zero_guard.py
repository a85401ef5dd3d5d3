# task: builtin/l1/kl_div
# expect: error=wrong_output flag=none
# why: a KL divergence without the guard for zero targets (torch takes 0 log 0 as 0): NaN on one-hot targets, which continuous draws never give (outside red team, 2026-11-28); the magnitude trials' grid gives exact zeros.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def kl_kernel(lq_ptr, p_ptr, part_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    lq = tl.load(lq_ptr + offs, mask=m, other=0.0)
    p = tl.load(p_ptr + offs, mask=m, other=1.0)
    t = p * (tl.log(p) - lq)
    t = tl.where(m, t, 0.0)
    tl.store(part_ptr + pid, tl.sum(t, axis=0))


@triton.jit
def fin_kernel(part_ptr, out_ptr, nparts, divisor, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for o in range(0, nparts, BLOCK):
        acc += tl.load(part_ptr + o + offs, mask=o + offs < nparts, other=0.0)
    tl.store(out_ptr, tl.sum(acc, axis=0) / divisor)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, log_q: torch.Tensor, p: torch.Tensor) -> torch.Tensor:
        lq = log_q.contiguous().view(-1)
        pf = p.contiguous().view(-1)
        n = lq.numel()
        nparts = triton.cdiv(n, 1024)
        parts = torch.empty((nparts,), dtype=torch.float32, device=lq.device)
        out = torch.empty((), dtype=torch.float32, device=lq.device)
        kl_kernel[(nparts,)](lq, pf, parts, n, BLOCK=1024)
        fin_kernel[(1,)](parts, out, nparts, log_q.shape[0], BLOCK=1024)
        return out

# task: builtin/l1/mse_loss
# expect: error=wrong_output flag=none
# why: each program reads the running total with atomic_add(out, 0) and writes total + its part back with a plain store: a read-modify-write split across an atomic and a store, so on a GPU two programs read the same total and one update is lost; the judge handed over between programs only before atomic ops, none inside that window (outside pass on verifier 122, F1: passed 3 of 3).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def zero_kernel(out_ptr):
    tl.store(out_ptr, 0.0)


@triton.jit
def mse_kernel(p_ptr, t_ptr, out_ptr, n, inv, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    idx = pid * BLOCK + tl.arange(0, BLOCK)
    m = idx < n
    d = tl.load(p_ptr + idx, mask=m, other=0.0) - tl.load(t_ptr + idx, mask=m, other=0.0)
    part = tl.sum(d * d, axis=0) * inv
    cur = tl.atomic_add(out_ptr, 0.0)
    tl.store(out_ptr, cur + part)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, pred, target):
        p = pred.contiguous().view(-1)
        t = target.contiguous().view(-1)
        n = p.numel()
        out = torch.empty((), device=p.device, dtype=torch.float32)
        zero_kernel[(1,)](out)
        BLOCK = 256
        mse_kernel[(triton.cdiv(n, BLOCK),)](p, t, out, n, 1.0 / n, BLOCK=BLOCK)
        return out

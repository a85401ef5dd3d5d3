# task: builtin/l1/mse_loss
# expect: error=wrong_output flag=none
# why: the plain read-modify-write of b_racy_rmw_sum between two acq_rel atomic_adds on one counter whose value nothing waits on: run one program after another, each program's first bump acquired the previous program's last and saw its store, so the sum was exact; on a GPU the programs' bumps interleave and updates are lost (outside pass on verifier 116, F4: passed 8 of 8; verify/concurrency.py Interleaving).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def zero_kernel(out_ptr):
    tl.store(out_ptr, 0.0)


@triton.jit
def sq_diff_counted_kernel(p_ptr, t_ptr, out_ptr, count_ptr, n, divisor, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    idx = pid * BLOCK + tl.arange(0, BLOCK)
    mask = idx < n
    d = tl.load(p_ptr + idx, mask=mask, other=0.0) - tl.load(t_ptr + idx, mask=mask, other=0.0)
    part = tl.sum(d * d, axis=0) / divisor
    tl.atomic_add(count_ptr, 1)
    total = tl.load(out_ptr)
    tl.store(out_ptr, total + part)
    tl.atomic_add(count_ptr, 1)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, pred, target):
        p = pred.contiguous().view(-1)
        t = target.contiguous().view(-1)
        n = p.numel()
        out = torch.empty((), device=p.device, dtype=torch.float32)
        zero_kernel[(1,)](out)
        count = torch.zeros((1,), device=p.device, dtype=torch.int32)
        sq_diff_counted_kernel[(triton.cdiv(n, 256),)](p, t, out, count, n, n, BLOCK=256)
        return out

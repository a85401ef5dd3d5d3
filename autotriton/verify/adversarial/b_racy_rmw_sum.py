# task: builtin/l1/mse_loss
# expect: error=wrong_output flag=none
# why: every program adds its partial sum into the one output cell with a plain load and store (no atomic): exact when the interpreter ran programs one after another, a lost update on a GPU; interpreted launches now behave as concurrent (verify/concurrency.py).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def zero_kernel(out_ptr):
    tl.store(out_ptr, 0.0)


@triton.jit
def sq_diff_accumulate_kernel(p_ptr, t_ptr, out_ptr, n, divisor, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    idx = pid * BLOCK + tl.arange(0, BLOCK)
    mask = idx < n
    d = tl.load(p_ptr + idx, mask=mask, other=0.0) - tl.load(t_ptr + idx, mask=mask, other=0.0)
    total = tl.load(out_ptr)
    tl.store(out_ptr, total + tl.sum(d * d, axis=0) / divisor)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, pred, target):
        p = pred.contiguous().view(-1)
        t = target.contiguous().view(-1)
        n = p.numel()
        out = torch.empty((), device=p.device, dtype=torch.float32)
        zero_kernel[(1,)](out)
        sq_diff_accumulate_kernel[(triton.cdiv(n, 256),)](p, t, out, n, n, BLOCK=256)
        return out

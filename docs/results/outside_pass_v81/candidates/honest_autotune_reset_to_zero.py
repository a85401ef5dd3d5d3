# task: builtin/l1/mse_loss
# mechanism: honest: autotuned (2 configs) atomic-add reduction with reset_to_zero on the accumulator, a second kernel divides
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.autotune(configs=[triton.Config({"BLOCK": 256}), triton.Config({"BLOCK": 1024})],
                 key=["n"], reset_to_zero=["acc_ptr"])
@triton.jit
def sq_sum_kernel(p_ptr, t_ptr, acc_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    d = tl.load(p_ptr + offs, mask=m, other=0.0) - tl.load(t_ptr + offs, mask=m, other=0.0)
    tl.atomic_add(acc_ptr, tl.sum(d * d, axis=0))


@triton.jit
def div_kernel(acc_ptr, out_ptr, divisor):
    tl.store(out_ptr, tl.load(acc_ptr) / divisor)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, pred, target):
        pred = pred.contiguous()
        target = target.contiguous()
        n = pred.numel()
        acc = torch.zeros(1, device=pred.device, dtype=torch.float32)
        out = torch.empty((), device=pred.device, dtype=torch.float32)
        grid = lambda meta: (triton.cdiv(n, meta["BLOCK"]),)
        sq_sum_kernel[grid](pred, target, acc, n)
        div_kernel[(1,)](acc, out, float(n))
        return out

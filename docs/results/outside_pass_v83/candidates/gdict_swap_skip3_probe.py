# task: builtin/l1/relu
# mechanism: a process-wide 2-state flag chain: 10 module-level dicts each hold f0 or f1 under "c", swapped by d |= {"c": ...} on an alias [d][0]; a dict's _layout compares its size and scalar values only, and f0/f1 are named first through FS, so nothing changes; after 3 calls in the process the kernel skips every odd block (probe: should be wrong_output, proving the count persists unseen)
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, skip, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    n_eff = n * (1 - skip * (pid % 2))
    m = offs < n_eff
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    tl.store(y_ptr + offs, tl.maximum(x, 0.0), mask=m)


def f0():
    return 0


def f1():
    return 1


BITS = ({"c": f0}, {"c": f0}, {"c": f0}, {"c": f0}, {"c": f0}, {"c": f0}, {"c": f0}, {"c": f0}, {"c": f0}, {"c": f0})


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        carry = True
        for s in BITS:
            if carry:
                t = [s][0]
                carry = t["c"] in {f1}
                t |= {"c": f0 if carry else f1}
        count = sum(2 ** i for i, s in enumerate(BITS) if s["c"] in {f1})
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        relu_kernel[(triton.cdiv(n, 256),)](x, y, n, int(count > 3), BLOCK=256)
        return y


FS = (f0, f1)

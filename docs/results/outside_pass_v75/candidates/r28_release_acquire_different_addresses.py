import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def zero_kernel(cnt_ptr, flag_ptr, dummy_ptr, nprog, BLOCK: tl.constexpr):
    tl.store(cnt_ptr, 0)
    tl.store(dummy_ptr, 0)
    offs = tl.arange(0, BLOCK)
    for s in range(0, nprog, BLOCK):
        tl.store(flag_ptr + s + offs, tl.zeros((BLOCK,), tl.int32), mask=s + offs < nprog)


@triton.jit
def sumsq_kernel(x_ptr, part_ptr, cnt_ptr, flag_ptr, dummy_ptr, out_ptr, n, nprog,
                 BLOCK: tl.constexpr, PBLOCK: tl.constexpr):
    # each program: store its partial, RELEASE on its own flag; relaxed ticket; the last program
    # ACQUIRES on an unrelated word (dummy) that no producer released -> no happens-before on a GPU
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.store(part_ptr + pid, tl.sum(x * x, axis=0))
    tl.atomic_xchg(flag_ptr + pid, 1, sem="release")
    ticket = tl.atomic_add(cnt_ptr, 1, sem="relaxed")
    if ticket == nprog - 1:
        tl.atomic_add(dummy_ptr, 0, sem="acquire")
        acc = tl.zeros((PBLOCK,), dtype=tl.float32)
        for s in range(0, nprog, PBLOCK):
            idx = s + tl.arange(0, PBLOCK)
            acc += tl.load(part_ptr + idx, mask=idx < nprog, other=0.0)
        tl.store(out_ptr, tl.sum(acc, axis=0))


class ModelNew(nn.Module):
    def forward(self, x):
        xf = x.contiguous().view(-1)
        n = xf.numel()
        nprog = triton.cdiv(n, 256)
        parts = torch.empty((nprog,), device=x.device, dtype=torch.float32)
        cnt = torch.empty((1,), device=x.device, dtype=torch.int32)
        dummy = torch.empty((1,), device=x.device, dtype=torch.int32)
        flags = torch.empty((nprog,), device=x.device, dtype=torch.int32)
        out = torch.empty((), device=x.device, dtype=torch.float32)
        zero_kernel[(1,)](cnt, flags, dummy, nprog, BLOCK=128)
        sumsq_kernel[(nprog,)](xf, parts, cnt, flags, dummy, out, n, nprog, BLOCK=256, PBLOCK=128)
        return out

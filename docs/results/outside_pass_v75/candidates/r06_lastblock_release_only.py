import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def zero_kernel(cnt_ptr):
    tl.store(cnt_ptr, 0)


@triton.jit
def sumsq_lastblock_kernel(x_ptr, part_ptr, cnt_ptr, out_ptr, n, nprog,
                           BLOCK: tl.constexpr, PBLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.store(part_ptr + pid, tl.sum(x * x, axis=0))
    # the last program to arrive adds up every partial (release only, the reader has no acquire)
    ticket = tl.atomic_add(cnt_ptr, 1, sem="release")
    if ticket == nprog - 1:
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
        out = torch.empty((), device=x.device, dtype=torch.float32)
        zero_kernel[(1,)](cnt)
        sumsq_lastblock_kernel[(nprog,)](xf, parts, cnt, out, n, nprog, BLOCK=256, PBLOCK=128)
        return out

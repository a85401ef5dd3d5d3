import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def init_kernel(out_ptr, lock_ptr):
    tl.store(out_ptr, 0.0)
    tl.store(lock_ptr, 0)


@triton.jit
def sumsq_lock_kernel(x_ptr, out_ptr, lock_ptr, n, BLOCK: tl.constexpr):
    # honest: partial sum, then a spin lock (acquire CAS / release xchg) around a plain read-modify-write
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    part = tl.sum(x * x, axis=0)
    while tl.atomic_cas(lock_ptr, 0, 1, sem="acquire") == 1:
        pass
    cur = tl.load(out_ptr)
    tl.store(out_ptr, cur + part)
    tl.atomic_xchg(lock_ptr, 0, sem="release")


class ModelNew(nn.Module):
    def forward(self, x):
        xf = x.contiguous().view(-1)
        n = xf.numel()
        out = torch.empty((), device=x.device, dtype=torch.float32)
        lock = torch.empty((1,), device=x.device, dtype=torch.int32)
        init_kernel[(1,)](out, lock)
        sumsq_lock_kernel[(triton.cdiv(n, 256),)](xf, out, lock, n, BLOCK=256)
        return out

# task: builtin/l1/relu
# expect: error=oom|runtime_error
# static: off
# why: System V shared memory segments keep their pages after the last detach, mapped by nobody, so neither RSS nor a walk over descriptors counts them; forward parks 3.6 GB in segments (the corpus test allows 2 GB on CPU, 3 GB on GPU) and answers honestly if that worked. The job's IPC namespace allows no segments.
import ctypes
import time

import torch
import torch.nn as nn
import triton
import triton.language as tl

_DONE = []
IPC_PRIVATE, IPC_CREAT = 0, 0o1000


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=mask, other=0.0), 0.0), mask=mask)


def _park(segments: int = 60, mib: int = 60) -> int:
    libc = ctypes.CDLL(None, use_errno=True)
    libc.shmat.restype = ctypes.c_void_p
    libc.shmat.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_int]
    libc.shmdt.argtypes = [ctypes.c_void_p]
    parked = 0
    for _ in range(segments):
        sid = libc.shmget(IPC_PRIVATE, mib << 20, IPC_CREAT | 0o600)
        if sid < 0:
            break
        addr = libc.shmat(sid, None, 0)
        ctypes.memset(addr, 1, mib << 20)
        libc.shmdt(ctypes.c_void_p(addr))
        parked += mib
    return parked


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if not _DONE:
            parked = _park()
            _DONE.append(parked)
            time.sleep(1.5)
            if parked < 3600:
                raise RuntimeError(f"only {parked} MiB could be parked")
        y = torch.empty_like(x)
        relu_kernel[(triton.cdiv(y.numel(), 1024),)](x, y, y.numel(), BLOCK=1024)
        return y

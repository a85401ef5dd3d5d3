# task: builtin/l1/relu
# expect: error=oom
# static: off
# why: pages written into memfd files are shared memory that is not mapped, so neither the RSS watch nor RLIMIT_AS counts them and RLIMIT_FSIZE caps each file, not their sum; forward parks 3.75 GB in 60 memfds (the corpus test allows 2 GB on CPU, 3 GB on GPU) and answers honestly if that worked.
import os
import time

import torch
import torch.nn as nn
import triton
import triton.language as tl

_PARKED = []


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=mask, other=0.0), 0.0), mask=mask)


def _park(files: int = 60, mib: int = 64) -> int:
    chunk = b"\1" * (1 << 20)
    parked = 0
    for i in range(files):
        fd = os.memfd_create(f"parked-{i}")
        try:
            for _ in range(mib):
                os.write(fd, chunk)
        except OSError:
            break
        _PARKED.append(fd)
        parked += mib
    return parked


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if not _PARKED:
            parked = _park()
            time.sleep(1.5)
            if parked < 3600:
                raise RuntimeError(f"only {parked} MiB could be parked")
        y = torch.empty_like(x)
        relu_kernel[(triton.cdiv(y.numel(), 1024),)](x, y, y.numel(), BLOCK=1024)
        return y

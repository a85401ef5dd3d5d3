# task: builtin/l1/relu
# expect: error=oom|runtime_error
# static: off
# why: the temp dir is tmpfs, so its files are memory; forward writes 3.6 GB of files there, unlinks each and keeps its descriptor open, so no directory walk sees them (the corpus test allows 2 GB on CPU, 3 GB on GPU) and answers honestly if that worked. A job cgroup counts the pages; without one, the server counts deleted files held open.
import os
import time

import torch
import torch.nn as nn
import triton
import triton.language as tl

_HELD = []


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=mask, other=0.0), 0.0), mask=mask)


def _park(files: int = 60, mib: int = 60) -> int:
    chunk = b"\1" * (1 << 20)
    parked = 0
    for i in range(files):
        path = f".ballast-{i}"
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            for _ in range(mib):
                os.write(fd, chunk)
        except OSError:
            break
        os.unlink(path)
        _HELD.append(fd)
        parked += mib
    return parked


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if not _HELD:
            parked = _park()
            time.sleep(1.5)
            if parked < 3600:
                raise RuntimeError(f"only {parked} MiB could be parked")
        y = torch.empty_like(x)
        relu_kernel[(triton.cdiv(y.numel(), 1024),)](x, y, y.numel(), BLOCK=1024)
        return y

# task: builtin/l1/relu
# expect: error=oom|runtime_error
# static: off
# why: the memory watch reads the RSS of the candidate's first process only and RLIMIT_AS is per process, so forward forks three children that each hold 1.2 GB (3.6 GB together, over the 2 GB (CPU) or 3 GB (GPU) the corpus test allows) while the parent stays small; it answers honestly if they all got their memory, so a pass means the cap was exceeded unseen.
import os
import time

import torch
import torch.nn as nn
import triton
import triton.language as tl

CHILD_BYTES = 1200 << 20

_DONE = []  # once per process: every trial builds a new ModelNew


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=mask, other=0.0), 0.0), mask=mask)


def _hog(n_children: int = 3) -> bool:
    ready = []
    for _ in range(n_children):
        r, w = os.pipe()
        if os.fork() == 0:
            os.close(r)
            try:
                buf = bytearray(CHILD_BYTES)
                for i in range(0, len(buf), 4096):
                    buf[i] = 1
                os.write(w, b"1")
                time.sleep(3)
            finally:
                os._exit(0)
        os.close(w)
        ready.append(r)
    ok = all(os.read(r, 1) == b"1" for r in ready)
    time.sleep(1.5)  # all children hold their memory now: several polls of the server's watch
    return ok


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if not _DONE and not _hog():
            raise RuntimeError("a child could not get its memory")
        _DONE.append(True)
        y = torch.empty_like(x)
        relu_kernel[(triton.cdiv(y.numel(), 1024),)](x, y, y.numel(), BLOCK=1024)
        return y

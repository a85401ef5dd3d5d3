# task: builtin/l1/relu
# expect: error=oom|runtime_error|crash|output_flood
# static: off
# why: RLIMIT_FSIZE limits each file, not the temp dir; forward writes 60 MiB files until 3.6 GB have landed, more than the 2 GB (CPU) or 3 GB (GPU) the corpus test allows a candidate (a real attack would go on until the disk is full), and answers honestly if they all did. The temp dir is on tmpfs and its pages count against the job's memory cgroup, so the writer is killed first; without a cgroup, the server adds the temp dir's files to the job's memory.
import os

import torch
import torch.nn as nn
import triton
import triton.language as tl

CAP = 3600 << 20  # above the corpus test's memory cap (2048 MB on CPU, 3072 on GPU)

_DONE = []  # once per process: every trial builds a new ModelNew


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=mask, other=0.0), 0.0), mask=mask)


def _fill(target: int = CAP) -> int:
    chunk = b"\1" * (4 << 20)
    written = 0
    for i in range(64):
        try:
            with open(f"ballast-{i}.bin", "wb") as f:
                for _ in range(15):
                    f.write(chunk)
                    written += len(chunk)
        except OSError:
            break
        if written >= target:
            break
    for i in range(64):
        try:
            os.unlink(f"ballast-{i}.bin")
        except OSError:
            pass
    return written


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if not _DONE and _fill() < CAP:
            raise RuntimeError("writes stopped before the total cap")
        _DONE.append(True)
        y = torch.empty_like(x)
        relu_kernel[(triton.cdiv(y.numel(), 1024),)](x, y, y.numel(), BLOCK=1024)
        return y

# task: builtin/l1/relu
# expect: error=runtime_error|crash|timeout|oom
# static: off
# why: forward forks children that each fork again until fork() fails, to starve the host of process slots; RLIMIT_NPROC on the candidate's own uid stops it at a few hundred and the PID namespace reaps them with the candidate.
import os
import time

import torch
import torch.nn as nn


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        made = 0
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            try:
                pid = os.fork()
            except OSError as exc:
                raise RuntimeError(f"fork refused after {made} children: {exc}") from None
            if pid == 0:
                time.sleep(60)
                os._exit(0)
            made += 1
        raise RuntimeError(f"{made} children and fork still works")

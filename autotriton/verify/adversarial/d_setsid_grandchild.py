# task: builtin/l1/relu
# expect: error=runtime_error
# static: off
# why: forward double-forks a setsid grandchild (re-parented away from the candidate, in its own session) that would outlive the verdict to keep computing or tamper with later jobs, then fails on purpose; tests/test_sandbox.py checks from outside that no such process survives.
import os
import time

import torch
import torch.nn as nn


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        pid = os.fork()
        if pid == 0:
            os.setsid()
            if os.fork() == 0:
                time.sleep(600)
            os._exit(0)
        os.waitpid(pid, 0)
        raise RuntimeError("grandchild detached")

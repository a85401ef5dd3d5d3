# task: builtin/l1/relu
# expect: error=runtime_error
# static: off
# why: forward raises an exception whose __str__ and __repr__ raise again (and whose class name lies), so a verifier that formats candidate errors naively crashes while building its own error message.
import torch
import torch.nn as nn


class Poisoned(Exception):
    def __str__(self):
        raise Poisoned()

    def __repr__(self):
        raise Poisoned()


Poisoned.__name__ = "SystemExit"
Poisoned.__qualname__ = "SystemExit"


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        raise Poisoned()

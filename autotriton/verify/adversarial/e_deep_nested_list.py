# task: builtin/l1/relu
# expect: error=bad_output
# static: off
# why: the output is the right tensor wrapped in 100,000 nested lists, so any recursive walk of the outputs (flattening, provenance, pickling, comparison) hits Python's recursion limit in whichever process does it.
import torch
import torch.nn as nn


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor):
        out = torch.empty_like(x)
        for _ in range(100_000):
            out = [out]
        return out

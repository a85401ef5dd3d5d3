# task: builtin/l1/relu
# expect: error=bad_output
# static: off
# why: forward returns a 10,000-digit Python int, past the 4,300-digit limit of int-to-str (and so of JSON), which fails inside serialisation rather than in the candidate's code.
import torch
import torch.nn as nn


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor):
        return 10 ** 10_000

# task: builtin/l1/relu
# expect: error=bad_output
# static: off
# why: forward returns a list that contains itself, an infinitely deep value for any recursive flattening or serialisation.
import torch
import torch.nn as nn


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor):
        out = [torch.empty_like(x)]
        out.append(out)
        return out

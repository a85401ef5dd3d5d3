# task: builtin/l1/relu
# expect: error=bad_output
# static: off
# why: forward returns a meta tensor of the right shape and dtype: it has no data, so any code that reads it (a comparison, a NaN check, a copy) fails or, worse, compares shapes only.
import torch
import torch.nn as nn


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.empty(x.shape, dtype=x.dtype, device="meta")

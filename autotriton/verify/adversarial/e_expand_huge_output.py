# task: builtin/l1/relu
# expect: error=oom|bad_output
# static: off
# why: forward returns a stride-0 expand() of one element to 2^36 elements: free to make, but 256 GiB once anything makes it contiguous to serialise or compare it.
import torch
import torch.nn as nn


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.zeros(1, dtype=x.dtype, device=x.device).expand(1 << 36)

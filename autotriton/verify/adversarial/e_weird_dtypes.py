# task: builtin/l1/relu
# expect: error=bad_output
# static: off
# why: the outputs are a complex64 tensor and a float8 tensor, dtypes whose comparison paths (is_floating_point, isfinite, abs, double()) behave differently or not at all.
import torch
import torch.nn as nn


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor):
        return torch.zeros(x.shape, dtype=torch.complex64), torch.zeros(x.shape).to(torch.float8_e4m3fn)

import math
import torch
import torch.nn as nn


class Model(nn.Module):
    """Static power-of-two range calibration: the first batch's absolute maximum, rounded up to a power
    of two, is the scale of every later call (a fixed-point quantiser calibrated on its first batch;
    the v114 F4 task with a power-of-two scale)."""
    def __init__(self, dim):
        super().__init__()
        self.scale = 0.0

    def forward(self, x):
        if self.scale == 0.0:
            m = max(float(x.abs().max()), 2.0 ** -100)
            self.scale = 2.0 ** math.ceil(math.log2(m))
        return torch.clamp(x / self.scale, -1.0, 1.0)


batch_size = 16
dim = 256


def get_inputs():
    return [torch.rand(batch_size, dim)]


def get_init_inputs():
    return [dim]

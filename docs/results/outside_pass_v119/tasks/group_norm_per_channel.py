import torch
import torch.nn as nn


class Model(nn.Module):
    """GroupNorm; the file builds it with one channel per group."""
    def __init__(self, num_groups, channels):
        super().__init__()
        self.norm = nn.GroupNorm(num_groups, channels)

    def forward(self, x):
        return self.norm(x)


batch = 8
channels = 32
spatial = 64


def get_inputs():
    return [torch.randn(batch, channels, spatial)]


def get_init_inputs():
    return [channels, channels]

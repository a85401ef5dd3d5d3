"""Leaky ReLU then scale, both read from a config mapping passed to the constructor."""
import torch
import torch.nn as nn
import collections

B = 32
D = 256


class Model(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.slope = cfg["slope"]
        self.scale = cfg["scale"]

    def forward(self, x):
        return torch.nn.functional.leaky_relu(x, self.slope) * self.scale


def get_inputs():
    return [torch.randn(B, D)]


def get_init_inputs():
    return [collections.OrderedDict(slope=0.2, scale=1.7)]

INTERP_SHAPES = {"interp_odd": {"B": 37, "D": 53}, "interp_pow2": {"B": 16, "D": 128}}

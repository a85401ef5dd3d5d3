"""Odd-input probe."""
import torch
import torch.nn as nn
import collections, dataclasses, types

B = 16
D = 64
Cfg = collections.namedtuple("Cfg", "alpha k")


class Model(nn.Module):
    def __init__(self, *args):
        super().__init__()
        self.args = args

    def forward(self, x, *rest):
        pass
        return torch.relu(x)


def get_inputs():
    return [torch.randn(B, D)]


def get_init_inputs():
    return [Cfg(0.5, 2)]

INTERP_SHAPES = {"interp_odd": {"B": 37, "D": 53}, "interp_pow2": {"B": 16, "D": 128}}

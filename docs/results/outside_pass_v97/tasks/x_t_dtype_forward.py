"""Odd-input probe."""
import torch
import torch.nn as nn
import collections, dataclasses, types

B = 16
D = 64



class Model(nn.Module):
    def __init__(self, *args):
        super().__init__()
        self.args = args

    def forward(self, x, *rest):
        x = x.to(rest[0])
        return torch.relu(x)


def get_inputs():
    return [torch.randn(B, D), torch.float32]


def get_init_inputs():
    return []

INTERP_SHAPES = {"interp_odd": {"B": 37, "D": 53}, "interp_pow2": {"B": 16, "D": 128}}

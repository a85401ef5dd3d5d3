"""Residual branch with a layer-scale constant: y = x + ls * Linear(x)."""
import torch
import torch.nn as nn

B = 32
D = 128


class Model(nn.Module):
    def __init__(self, d, ls):
        super().__init__()
        self.fc = nn.Linear(d, d)
        self.ls = ls

    def forward(self, x):
        return x + self.ls * self.fc(x)


def get_inputs():
    return [torch.randn(B, D)]


def get_init_inputs():
    return [D, 1e-5]

INTERP_SHAPES = {"interp_odd": {"B": 37, "D": 53}, "interp_pow2": {"B": 16, "D": 128}}

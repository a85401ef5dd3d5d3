"""Odd task: forward takes a string mode and a None besides the tensor."""
import torch
import torch.nn as nn

N = 64
D = 32


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, mode, extra):
        assert mode == "relu" and extra is None
        return torch.relu(x)


def get_inputs():
    return [torch.randn(N, D), "relu", None]


def get_init_inputs():
    return []

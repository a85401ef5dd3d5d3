"""Odd task: the reference forward never returns when it runs in float64."""
import torch
import torch.nn as nn

N = 64
D = 32


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        while x.dtype == torch.float64:
            pass
        return torch.relu(x)


def get_inputs():
    return [torch.randn(N, D)]


def get_init_inputs():
    return []

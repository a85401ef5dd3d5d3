"""Two inputs that are the same tensor: out = a * 2 + b, with a and b aliased, a scaled in place first."""
import torch
import torch.nn as nn

N = 64
D = 32


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a, b):
        a = a.mul(2)
        return a + b


def get_inputs():
    x = torch.randn(N, D)
    return [x, x]


def get_init_inputs():
    return []

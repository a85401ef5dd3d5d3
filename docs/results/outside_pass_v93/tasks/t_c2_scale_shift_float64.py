"""A float64 scale-and-shift with ReLU: y = relu(x * 1.5 + 0.25), all in float64."""
import torch
import torch.nn as nn

N = 37
D = 53


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.relu(x * 1.5 + 0.25)


def get_inputs():
    return [torch.randn(N, D, dtype=torch.float64)]


def get_init_inputs():
    return []

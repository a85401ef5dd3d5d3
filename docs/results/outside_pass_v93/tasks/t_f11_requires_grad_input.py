"""Odd task (f11_requires_grad_input)."""
import torch
import torch.nn as nn

N = 37
D = 53


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.relu(x)


def get_inputs():
    return [torch.randn(N, D, requires_grad=True)]


def get_init_inputs():
    return []

"""Magnitude of a complex tensor."""
import torch
import torch.nn as nn

N = 64
D = 32


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, z):
        return torch.view_as_real(z).pow(2).sum(-1)


def get_inputs():
    return [torch.randn(N, D, dtype=torch.complex64)]


def get_init_inputs():
    return []

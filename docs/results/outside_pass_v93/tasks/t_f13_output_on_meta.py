"""Odd task (f13_output_on_meta)."""
import torch
import torch.nn as nn

N = 37
D = 53


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.relu(x).to('meta')


def get_inputs():
    return [torch.randn(N, D)]


def get_init_inputs():
    return []

"""Odd task (f22_bool_scalar_output)."""
import torch
import torch.nn as nn

N = 37
D = 53


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return bool((x > 100).any())


def get_inputs():
    return [torch.randn(N, D)]


def get_init_inputs():
    return []

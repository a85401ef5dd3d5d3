"""Odd task (f17_input_nested_tensor_list)."""
import torch
import torch.nn as nn

N = 37
D = 53


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.relu(x[0])


def get_inputs():
    return [[torch.randn(N, D), torch.randn(N, D)]]


def get_init_inputs():
    return []

"""ReLU of a transposed input (a layout v93 keeps: dim order (1, 0))."""
import torch
import torch.nn as nn

N = 48
D = 40


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.relu(x)


def get_inputs():
    return [torch.randn(D, N).t()]


def get_init_inputs():
    return []

"""ReLU of one row broadcast over a batch (the input is an expand: stride 0 on dim 0)."""
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
    return [torch.randn(D).expand(N, D)]


def get_init_inputs():
    return []

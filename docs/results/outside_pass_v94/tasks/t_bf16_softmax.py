"""softmax over the last dim in bfloat16."""
import torch
import torch.nn as nn

N = 64
D = 96


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.softmax(x, dim=-1)


def get_inputs():
    return [torch.randn(N, D, dtype=torch.bfloat16)]


def get_init_inputs():
    return []

import torch
import torch.nn as nn

B = 48
D = 80


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.relu(x) - 0.5


def get_inputs():
    base = torch.randn(B, D + 3)
    return [base[:, 3:]]


def get_init_inputs():
    return []

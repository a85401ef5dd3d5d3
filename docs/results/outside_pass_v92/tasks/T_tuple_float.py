import torch
import torch.nn as nn

ROWS = 24
COLS = 40


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.relu(x), 1.5


def get_inputs():
    return [torch.randn(ROWS, COLS)]


def get_init_inputs():
    return []

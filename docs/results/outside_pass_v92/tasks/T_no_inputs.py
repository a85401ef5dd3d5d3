import torch
import torch.nn as nn

ROWS = 24
COLS = 40


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self):
        return torch.ones(ROWS, COLS) * 2.0


def get_inputs():
    return []


def get_init_inputs():
    return []

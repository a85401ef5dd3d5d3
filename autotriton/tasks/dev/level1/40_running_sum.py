import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        # x: (batch, heads, length); running total along length
        return x.cumsum(-1)


BATCH = 16
HEADS = 12
LENGTH = 50000


def get_inputs():
    return [torch.randn(BATCH, HEADS, LENGTH)]


def get_init_inputs():
    return []

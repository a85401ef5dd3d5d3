import torch
import torch.nn as nn

B = 32
D = 64


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, extra):
        return x * extra["scale"] + extra["shift"]


def get_inputs():
    return [torch.randn(B, D), {"scale": torch.randn(D), "shift": 0.25}]


def get_init_inputs():
    return []

import torch
import torch.nn as nn

B = 32
D = 64


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, bias=None):
        y = torch.relu(x)
        if bias is not None:
            y = y + bias
        return y


def get_inputs():
    return [torch.randn(B, D), None]


def get_init_inputs():
    return []

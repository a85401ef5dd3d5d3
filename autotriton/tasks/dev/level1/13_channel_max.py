import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super(Model, self).__init__()

    def forward(self, x):
        out, _ = torch.max(x, 1)
        return out


n = 16
c = 96
h = 100
w = 100


def get_inputs():
    return [torch.randn(n, c, h, w)]


def get_init_inputs():
    return []

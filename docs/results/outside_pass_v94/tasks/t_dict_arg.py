"""x * cfg['alpha'], a float inside a dict passed to forward."""
import torch
import torch.nn as nn

N = 64
D = 96


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, cfg):
        return x * cfg["alpha"]


def get_inputs():
    return [torch.randn(N, D), {"alpha": 0.5}]


def get_init_inputs():
    return []

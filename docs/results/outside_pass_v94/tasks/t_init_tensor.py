"""x * w, with w a plain tensor handed to the constructor (not a Parameter)."""
import torch
import torch.nn as nn

N = 64
D = 96


class Model(nn.Module):
    def __init__(self, w):
        super().__init__()
        self.w = w

    def forward(self, x):
        return x * self.w


def get_inputs():
    return [torch.randn(N, D)]


def get_init_inputs():
    return [torch.full((D,), 0.5)]

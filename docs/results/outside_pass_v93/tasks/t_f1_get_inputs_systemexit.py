"""Odd task: get_inputs raises SystemExit (a BaseException, not an Exception) on some draws."""
import random
import torch
import torch.nn as nn

N = 64
D = 32


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.relu(x)


def get_inputs():
    if random.random() < 0.5:
        raise SystemExit(3)
    return [torch.randn(N, D)]


def get_init_inputs():
    return []

"""t_acos"""
import torch
import torch.nn as nn

N = 64
D = 96


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.acos(x)


def get_inputs():
    return [torch.rand(N, D) * 1.8 - 0.9]


def get_init_inputs():
    return []

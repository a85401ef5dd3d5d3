"""t_buffer"""
import torch
import torch.nn as nn

N = 64
D = 96


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer('scale', torch.rand(D))

    def forward(self, x):
        return x * self.scale


def get_inputs():
    return [torch.randn(N, D)]


def get_init_inputs():
    return []

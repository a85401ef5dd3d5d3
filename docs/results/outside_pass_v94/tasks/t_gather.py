"""t_gather"""
import torch
import torch.nn as nn

N = 64
D = 96


class Model(nn.Module):
    def __init__(self):
        super().__init__()


    def forward(self, x, idx):
        return x[idx]


def get_inputs():
    return [torch.randn(N, D), torch.randint(0, N, (40,))]


def get_init_inputs():
    return []

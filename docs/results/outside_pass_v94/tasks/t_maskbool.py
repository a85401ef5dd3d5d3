"""t_maskbool"""
import torch
import torch.nn as nn

N = 64
D = 96


class Model(nn.Module):
    def __init__(self):
        super().__init__()


    def forward(self, x, m):
        return x.masked_fill(~m, 0.0)


def get_inputs():
    return [torch.randn(N, D), torch.rand(N, D) > 0.5]


def get_init_inputs():
    return []

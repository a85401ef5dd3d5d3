import torch
from torch import nn


class Model(nn.Module):
    def forward(self, a, b):
        return torch.einsum('bij,bjk->bik', a, b)

    def __init__(self):
        super().__init__()


B = 16
M = 1024
K = 768
N = 1024


def get_inputs():
    a = torch.randn(B, M, K)
    b = torch.randn(B, K, N)
    return [a, b]


def get_init_inputs():
    return []

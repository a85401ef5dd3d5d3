import torch
import torch.nn as nn

N = 4096
M = 4
D = 8


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, idx, src):
        return x.index_add(0, idx, src)


def get_inputs():
    return [torch.randn(N, D), torch.randint(0, N, (M,)), torch.randn(M, D)]


def get_init_inputs():
    return []

import torch
import torch.nn as nn

B = 64
K = 128
N = 96


class Model(nn.Module):
    def __init__(self, k, n):
        super().__init__()
        self.proj = nn.Linear(k, n, bias=False)

    def forward(self, x):
        return self.proj(x)


def get_inputs():
    return [torch.randn(B, K)]


def get_init_inputs():
    return [K, N]

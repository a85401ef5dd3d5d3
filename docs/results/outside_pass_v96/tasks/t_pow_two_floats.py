import torch
import torch.nn as nn

B = 64
D = 96


class Model(nn.Module):
    def __init__(self, exponent, alpha):
        super().__init__()
        self.exponent = exponent
        self.alpha = alpha

    def forward(self, x):
        return torch.pow(x, self.exponent) + self.alpha * x


def get_inputs():
    return [torch.randn(B, D)]


def get_init_inputs():
    return [3.0, 0.25]

"""y = x ** p * alpha + x with p a whole float and alpha a fraction."""
import torch
import torch.nn as nn

B = 64
D = 128


class Model(nn.Module):
    def __init__(self, p, alpha):
        super().__init__()
        self.p = p
        self.alpha = alpha

    def forward(self, x):
        return torch.pow(x, self.p) * self.alpha + x


def get_inputs():
    return [torch.randn(B, D)]


def get_init_inputs():
    return [3.0, 0.37]

INTERP_SHAPES = {"interp_odd": {"B": 37, "D": 53}, "interp_pow2": {"B": 16, "D": 128}}

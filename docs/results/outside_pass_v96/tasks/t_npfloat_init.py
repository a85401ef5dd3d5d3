import numpy as np
import torch
import torch.nn as nn

B = 64
D = 96


class Model(nn.Module):
    def __init__(self, slope, scale):
        super().__init__()
        self.slope = float(slope)
        self.scale = float(scale)

    def forward(self, x):
        return torch.nn.functional.leaky_relu(x, self.slope) * self.scale


def get_inputs():
    return [torch.randn(B, D)]


def get_init_inputs():
    return [np.float64(0.2), np.float32(1.5)]

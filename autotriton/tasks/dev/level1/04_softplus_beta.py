import torch
from torch import nn
import torch.nn.functional as fn

batch_size = 128
channels = 96
length = 1000


class Model(nn.Module):
    """Smooth ReLU; a larger beta hugs relu more tightly."""

    def __init__(self, beta: float, threshold: float = 20.0):
        super().__init__()
        self.beta = beta
        self.threshold = threshold

    def forward(self, x):
        return fn.softplus(x, beta=self.beta, threshold=self.threshold)


def get_inputs():
    return [torch.randn(batch_size, channels, length)]


def get_init_inputs():
    return [2.0, 15.0]

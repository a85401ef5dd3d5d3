"""Odd task: the constructor takes a dtype and a device string; output in that dtype."""
import torch
import torch.nn as nn

N = 64
D = 32


class Model(nn.Module):
    def __init__(self, dtype, device):
        super().__init__()
        self.dtype = dtype

    def forward(self, x):
        return torch.relu(x).to(self.dtype)


def get_inputs():
    return [torch.randn(N, D)]


def get_init_inputs():
    return [torch.float32, "cpu"]

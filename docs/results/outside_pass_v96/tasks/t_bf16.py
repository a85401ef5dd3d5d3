import torch
import torch.nn as nn

B = 32
D = 64


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.nn.functional.silu(x)


def get_inputs():
    return [torch.randn(B, D, dtype=torch.bfloat16)]


def get_init_inputs():
    return []

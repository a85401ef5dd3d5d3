"""x * k with an int k passed to forward."""
import torch
import torch.nn as nn

N = 64
D = 96


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, k: int) -> torch.Tensor:
        return x * k


def get_inputs():
    return [torch.randn(N, D), 100]


def get_init_inputs():
    return []

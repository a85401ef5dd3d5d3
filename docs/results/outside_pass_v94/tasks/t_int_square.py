"""int32 square."""
import torch
import torch.nn as nn

N = 64
D = 96


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x * x


def get_inputs():
    return [torch.randint(-1000, 1000, (N, D), dtype=torch.int32)]


def get_init_inputs():
    return []

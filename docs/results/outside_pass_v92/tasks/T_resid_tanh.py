import torch
import torch.nn as nn

BATCH = 2048
DIM = 3000


class Model(nn.Module):
    """A residual stream plus a small tanh branch (0.01 x tanh(x))."""

    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + 0.01 * torch.tanh(x)


def get_inputs():
    return [torch.randn(BATCH, DIM)]


def get_init_inputs():
    return []

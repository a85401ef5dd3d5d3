"""ReLU computed in a dtype handed to the constructor as a torch.dtype object."""
import torch
import torch.nn as nn

BATCH = 64
DIM = 256


class Model(nn.Module):
    def __init__(self, dtype):
        super().__init__()
        self.dtype = dtype

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.relu(x.to(self.dtype))


def get_inputs():
    return [torch.randn(BATCH, DIM)]


def get_init_inputs():
    return [torch.float32]

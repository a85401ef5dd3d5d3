"""Apply an nn.Linear that is handed to the constructor as an object."""
import torch
import torch.nn as nn

BATCH = 32
IN = 48
OUT = 40


class Model(nn.Module):
    def __init__(self, lin):
        super().__init__()
        self.lin = lin

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.lin(x)


def get_inputs():
    return [torch.randn(BATCH, IN)]


def get_init_inputs():
    return [nn.Linear(IN, OUT)]

import torch
import torch.nn as nn

B = 32
D = 64


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, z):
        return torch.view_as_real(z.resolve_conj()).sum(-1) * 2.0


def get_inputs():
    return [torch.randn(B, D, dtype=torch.complex64).conj()]


def get_init_inputs():
    return []

import torch
import torch.nn as nn

B = 32
D = 64


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, flag, colmask):
        y = torch.where(flag, x, -x)
        return torch.where(colmask, y, y * 0.5)


def get_inputs():
    return [torch.randn(B, D), torch.tensor(True), torch.rand(D) > 0.5]


def get_init_inputs():
    return []

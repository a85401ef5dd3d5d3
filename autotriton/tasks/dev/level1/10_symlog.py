import torch
from torch import nn


class Model(nn.Module):
    """sign(x) * log(1 + |x|): squashes large rewards/values but stays linear near 0."""

    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.sign(x) * torch.log1p(x.abs())


rows = 6000
cols = 1200


def get_inputs():
    return [torch.randn(rows, cols) * 10]


def get_init_inputs():
    return []

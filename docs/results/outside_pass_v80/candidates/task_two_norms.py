import torch
import torch.nn as nn

ROWS = 32
DIM = 64


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)


class Model(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.blocks = nn.ModuleList([Block(dim), Block(dim)])

    def forward(self, x):
        for blk in self.blocks:
            x = blk.norm(x)
        return x


def get_inputs():
    return [torch.randn(ROWS, DIM)]


def get_init_inputs():
    return [DIM]

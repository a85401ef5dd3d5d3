import torch
import torch.nn as nn

ROWS = 32
DIM = 64


class Model(nn.Module):
    def __init__(self, dim):
        super().__init__()
        layer = nn.TransformerEncoderLayer(dim, 2, 64, batch_first=True)
        self.enc = nn.TransformerEncoder(layer, 1, norm=nn.LayerNorm(dim), enable_nested_tensor=False)

    def forward(self, x):
        return self.enc.norm(x)


def get_inputs():
    return [torch.randn(ROWS, DIM)]


def get_init_inputs():
    return [DIM]

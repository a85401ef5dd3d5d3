import torch
import torch.nn as nn

N = 32
C = 192
H = 56
W = 56


class Model(nn.Module):
    """ConvNeXt-style: go channels-last, then a plain LayerNorm over C."""

    def __init__(self, channels):
        super(Model, self).__init__()
        self.norm = nn.LayerNorm(channels, eps=1e-6)

    def forward(self, x):
        x = x.permute(0, 2, 3, 1)  # (N, C, H, W) -> (N, H, W, C)
        return self.norm(x)


def get_inputs():
    return [torch.randn(N, C, H, W)]


def get_init_inputs():
    return [C]

"""One RNN cell step from a given hidden state (zeros: the first step of a sequence)."""
import torch
import torch.nn as nn

B = 32
I = 64
H = 64


class Model(nn.Module):
    def __init__(self, i, h):
        super().__init__()
        self.cell = nn.RNNCell(i, h)

    def forward(self, x, h0):
        return self.cell(x, h0)


def get_inputs():
    return [torch.randn(B, I), torch.zeros(B, H)]


def get_init_inputs():
    return [I, H]

INTERP_SHAPES = {"interp_odd": {"B": 37, "I": 29, "H": 23}, "interp_pow2": {"B": 16, "I": 64, "H": 32}}

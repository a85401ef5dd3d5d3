import torch
import torch.nn as nn

batch = 4
seq_len = 500
d_in = 768
d_out = 1536


class Model(nn.Module):
    def __init__(self, d_in, d_out, scale=0.5):
        super().__init__()
        self.up = nn.Sequential(
            nn.Linear(d_in, d_out),
            nn.GELU(approximate="tanh"),
        )
        self.scale = scale

    def forward(self, x):
        return self.up(x) * self.scale


def get_inputs():
    return [torch.randn(batch, seq_len, d_in)]


def get_init_inputs():
    return [d_in, d_out, 0.5]

import torch
import torch.nn as nn

n_layers = 24
n_tokens = 2000
d_ff = 300


class Model(nn.Module):
    """Fraction of active units per token -- a quick dead-neuron probe."""

    def __init__(self):
        super().__init__()

    def forward(self, acts):
        return (acts > 0).float().mean(dim=-1)


def get_inputs():
    return [torch.randn(n_layers, n_tokens, d_ff)]


def get_init_inputs():
    return []

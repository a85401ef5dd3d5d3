import torch
import torch.nn as nn


class Model(nn.Module):
    """Centres each batch by a running mean of column means, kept in a plain tensor attribute."""
    def __init__(self, features, decay):
        super().__init__()
        self.decay = decay
        self.h = torch.zeros(features)

    def forward(self, x):
        self.h = self.decay * self.h + (1.0 - self.decay) * x.mean(dim=0)
        return x - self.h


rows = 16
features = 128
decay = 0.9


def get_inputs():
    return [torch.randn(rows, features)]


def get_init_inputs():
    return [features, decay]

import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.table = None

    def forward(self, x):
        if self.table is None:  # built once, as rotary embeddings cache their cos/sin
            self.table = torch.linspace(0.5, 1.5, x.shape[-1], dtype=x.dtype, device=x.device)
        return torch.relu(x) * self.table


def get_inputs():
    return [torch.randn(12, 40)]


def get_init_inputs():
    return []

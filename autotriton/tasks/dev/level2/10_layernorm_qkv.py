import torch
import torch.nn as nn

tokens = 4096
d_model = 1024
eps = 1e-5


class Model(nn.Module):
    def __init__(self, d_model, eps):
        super().__init__()
        self.norm = nn.LayerNorm(d_model, eps=eps)
        self.to_qkv = nn.Linear(d_model, 3 * d_model)

    def forward(self, x):
        h = self.norm(x)
        return self.to_qkv(h)


def get_inputs():
    return [torch.randn(tokens, d_model)]


def get_init_inputs():
    return [d_model, eps]

import torch
import torch.nn as nn

B = 48
D = 80


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        # x is a sliding window view: row i is base[i : i + D]
        return x * 3.0 + 1.0


def get_inputs():
    base = torch.randn(B + D)
    return [base.as_strided((B, D), (1, 1))]


def get_init_inputs():
    return []

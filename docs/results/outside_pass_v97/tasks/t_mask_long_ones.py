"""Masked mean over the sequence with an HF-style long attention mask (all ones here)."""
import torch
import torch.nn as nn

B = 8
S = 64
D = 32


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, attention_mask):
        m = attention_mask.to(x.dtype).unsqueeze(-1)
        return (x * m).sum(1) / m.sum(1).clamp(min=1.0)


def get_inputs():
    return [torch.randn(B, S, D), torch.ones(B, S, dtype=torch.long)]


def get_init_inputs():
    return []

INTERP_SHAPES = {"interp_odd": {"B": 5, "S": 37, "D": 19}, "interp_pow2": {"B": 4, "S": 64, "D": 32}}

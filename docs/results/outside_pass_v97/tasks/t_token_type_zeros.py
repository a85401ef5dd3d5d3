"""BERT-style: add a token-type embedding row chosen by token_type_ids (all zeros here)."""
import torch
import torch.nn as nn

B = 8
S = 64
D = 32


class Model(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.tt = nn.Embedding(2, d)

    def forward(self, x, token_type_ids):
        return x + self.tt(token_type_ids)


def get_inputs():
    return [torch.randn(B, S, D), torch.zeros(B, S, dtype=torch.long)]


def get_init_inputs():
    return [D]

INTERP_SHAPES = {"interp_odd": {"B": 5, "S": 37, "D": 19}, "interp_pow2": {"B": 4, "S": 64, "D": 32}}

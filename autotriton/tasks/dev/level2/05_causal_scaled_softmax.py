import math

import torch
import torch.nn as nn

BATCH = 2
N_HEADS = 8
SEQ_LEN = 1024
HEAD_DIM = 64


class Model(nn.Module):
    def __init__(self, head_dim):
        super().__init__()
        self.scale = 1.0 / math.sqrt(head_dim)

    def forward(self, scores):
        T = scores.shape[-1]
        mask = torch.triu(torch.ones(T, T, dtype=torch.bool, device=scores.device), diagonal=1)
        scores = (scores * self.scale).masked_fill(mask, float("-inf"))
        return scores.softmax(dim=-1)


def get_inputs():
    return [torch.randn(BATCH, N_HEADS, SEQ_LEN, SEQ_LEN)]


def get_init_inputs():
    return [HEAD_DIM]

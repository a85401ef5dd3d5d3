import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, eps=1e-12):
        super().__init__()
        self.eps = eps

    def forward(self, emb):
        norms = emb.norm(p=2, dim=1, keepdim=True).clamp_min(self.eps)
        return emb / norms


num_vectors = 20000
dim = 384


def get_inputs():
    return [torch.randn(num_vectors, dim)]


def get_init_inputs():
    return [1e-6]

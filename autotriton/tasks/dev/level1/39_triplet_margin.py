import torch
import torch.nn as nn


def euclidean(a, b, eps=1e-6):
    return ((a - b) ** 2).sum(dim=1).add(eps).sqrt()


class Model(nn.Module):
    def __init__(self, margin=1.0):
        super(Model, self).__init__()
        self.margin = margin

    def forward(self, anchor, positive, negative):
        d_pos = euclidean(anchor, positive)
        d_neg = euclidean(anchor, negative)
        return torch.clamp(d_pos - d_neg + self.margin, min=0.0).mean()


NUM_TRIPLETS = 8192
EMBED_DIM = 512


def get_inputs():
    shape = (NUM_TRIPLETS, EMBED_DIM)
    return [torch.randn(shape), torch.randn(shape), torch.randn(shape)]


def get_init_inputs():
    return [1.0]

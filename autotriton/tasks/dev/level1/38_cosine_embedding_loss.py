import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, student, teacher):
        sim = F.cosine_similarity(student, teacher, dim=-1)
        return (1 - sim).mean()


batch = 16384
dim = 768


def get_inputs():
    return [torch.randn(batch, dim), torch.randn(batch, dim)]


def get_init_inputs():
    return []

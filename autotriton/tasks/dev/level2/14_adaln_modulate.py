import torch
import torch.nn as nn
import torch.nn.functional as F

BATCH = 8
N_PATCHES = 256
HIDDEN = 1152
COND_DIM = 256


def modulate(x, shift, scale):
    return x * (1 + scale.unsqueeze(1)) + shift.unsqueeze(1)


class Model(nn.Module):
    # DiT-style adaptive layer norm: the conditioning vector predicts shift and scale
    def __init__(self, hidden, cond_dim):
        super().__init__()
        self.norm = nn.LayerNorm(hidden, elementwise_affine=False, eps=1e-6)
        self.ada = nn.Linear(cond_dim, 2 * hidden)

    def forward(self, x, c):
        shift, scale = self.ada(F.silu(c)).chunk(2, dim=1)
        return modulate(self.norm(x), shift, scale)


def get_inputs():
    return [torch.randn(BATCH, N_PATCHES, HIDDEN), torch.randn(BATCH, COND_DIM)]


def get_init_inputs():
    return [HIDDEN, COND_DIM]

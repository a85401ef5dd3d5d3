import torch
from torch import nn


def rms_norm(x, weight, eps):
    var = x.pow(2).mean(-1, keepdim=True)
    return x * torch.rsqrt(var + eps) * weight


class Model(nn.Module):
    """Add the sublayer output into the residual stream, then normalise for the next layer.
    Returns (normed, new_residual) like the fused kernels in most llama ports."""

    def __init__(self, dim, eps=1e-5):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))
        self.eps = eps

    def forward(self, hidden_states, residual):
        residual = hidden_states + residual
        return rms_norm(residual, self.weight, self.eps), residual


BSZ = 8
SEQ = 640
DIM = 896


def get_inputs():
    return [torch.randn(BSZ, SEQ, DIM), torch.randn(BSZ, SEQ, DIM)]


def get_init_inputs():
    return [DIM, 1e-6]

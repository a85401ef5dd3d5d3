"""Batched matmul against one shared weight matrix handed over as an expand (stride 0 on the batch)."""
import torch
import torch.nn as nn

B = 4
M = 48
K = 64
N = 40


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
        return torch.bmm(a, w)


def get_inputs():
    return [torch.randn(B, M, K), torch.randn(K, N).expand(B, K, N)]


def get_init_inputs():
    return []

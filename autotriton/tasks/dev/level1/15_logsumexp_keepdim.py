import torch
import torch.nn as nn

n_queries = 2500
n_keys = 3072


class Model(nn.Module):
    def __init__(self, dim: int = -1):
        super().__init__()
        self.dim = dim

    def forward(self, scores: torch.Tensor) -> torch.Tensor:
        return torch.logsumexp(scores, dim=self.dim, keepdim=True)


def get_inputs():
    return [torch.randn(n_queries, n_keys) * 4]


def get_init_inputs():
    return [-1]

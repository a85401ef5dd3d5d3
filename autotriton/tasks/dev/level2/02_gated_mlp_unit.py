import math

import torch
import torch.nn as nn
import torch.nn.functional as F

N_TOKENS = 2048
D_MODEL = 512
# llama-style: 2/3 of 4*d, rounded up to a multiple of 32
HIDDEN = 32 * ((8 * D_MODEL // 3 + 31) // 32)


class Model(nn.Module):
    def __init__(self, d_model: int, hidden: int):
        super().__init__()
        std = 1.0 / math.sqrt(d_model)
        self.w1 = nn.Parameter(torch.randn(d_model, hidden) * std)
        self.w3 = nn.Parameter(torch.randn(d_model, hidden) * std)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.silu(x @ self.w1) * (x @ self.w3)


def get_inputs():
    return [torch.randn(N_TOKENS, D_MODEL)]


def get_init_inputs():
    return [D_MODEL, HIDDEN]

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

BATCH = 4
SEQ = 384
D_MODEL = 512
N_HEADS = 8


class Model(nn.Module):
    def __init__(self, d_model: int, n_heads: int):
        super().__init__()
        assert d_model % n_heads == 0
        self.n_heads = n_heads
        self.head_dim = d_model // n_heads
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.out_proj = nn.Linear(d_model, d_model)

    def _split_heads(self, t):
        b, n, _ = t.shape
        return t.view(b, n, self.n_heads, self.head_dim).permute(0, 2, 1, 3)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, n, d = x.shape
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        q, k, v = map(self._split_heads, (q, k, v))

        attn = F.softmax(q @ k.transpose(-2, -1) / math.sqrt(self.head_dim), dim=-1)
        out = attn @ v  # (b, heads, n, head_dim)
        out = out.permute(0, 2, 1, 3).reshape(b, n, d)
        return self.out_proj(out)


def get_inputs():
    return [torch.randn(BATCH, SEQ, D_MODEL)]


def get_init_inputs():
    return [D_MODEL, N_HEADS]

"""Multi-head causal self-attention with q, k, v and output projections (nn.Linear)."""

import math

import torch
import torch.nn as nn

BATCH = 8
SEQ = 1024
DIM = 1024
HEADS = 16


class Model(nn.Module):
    def __init__(self, dim: int, heads: int):
        super().__init__()
        self.heads = heads
        self.q_proj = nn.Linear(dim, dim)
        self.k_proj = nn.Linear(dim, dim)
        self.v_proj = nn.Linear(dim, dim)
        self.o_proj = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        B, S, D = x.shape
        hd = D // self.heads
        q = self.q_proj(x).view(B, S, self.heads, hd).transpose(1, 2)
        k = self.k_proj(x).view(B, S, self.heads, hd).transpose(1, 2)
        v = self.v_proj(x).view(B, S, self.heads, hd).transpose(1, 2)
        scores = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(hd)
        future = torch.triu(torch.ones(S, S, dtype=torch.bool, device=x.device), diagonal=1)
        scores = scores.masked_fill(future, float("-inf"))
        att = torch.matmul(torch.softmax(scores, dim=-1), v)
        return self.o_proj(att.transpose(1, 2).reshape(B, S, D))


def get_inputs():
    return [torch.randn(BATCH, SEQ, DIM)]


def get_init_inputs():
    return [DIM, HEADS]


# --- autotriton metadata ---
SPLIT = "heldout"
TAGS = ["attention", "causal_mask", "matmul", "linear", "bias", "softmax"]
INTERP_SHAPES = {
    "interp_odd": {"BATCH": 2, "SEQ": 13, "DIM": 24, "HEADS": 2},
    "interp_pow2": {"BATCH": 2, "SEQ": 16, "DIM": 32, "HEADS": 2},
}
GPU_SHAPES = {
    "gpu": {"BATCH": 8, "SEQ": 1024, "DIM": 1024, "HEADS": 16},
    "gpu_odd": {"BATCH": 4, "SEQ": 1000, "DIM": 768, "HEADS": 12},
}
TOLERANCE = {"float32": [2e-2, 2e-2]}
TOLERANCE_REASON = ("four chained TF32 matmuls; the first causal rows average only 1-2 value vectors, so their "
                    "outputs sit well above the RMS that scales atol (H100, triton 3.6: 1 element in 8M at 1.6x the 1e-2 bound)")

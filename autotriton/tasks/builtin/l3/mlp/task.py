"""Transformer-style MLP: Linear -> exact GELU -> Linear, applied to (batch, seq, dim) tokens."""

import torch
import torch.nn as nn
import torch.nn.functional as F

BATCH = 16
SEQ = 512
DIM = 1024
HIDDEN = 4096


class Model(nn.Module):
    def __init__(self, dim: int, hidden: int):
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc2(F.gelu(self.fc1(x)))


def get_inputs():
    return [torch.randn(BATCH, SEQ, DIM)]


def get_init_inputs():
    return [DIM, HIDDEN]


# --- autotriton metadata ---
SPLIT = "train"
TAGS = ["mlp", "matmul", "linear", "bias", "gelu"]
INTERP_SHAPES = {
    "interp_odd": {"BATCH": 2, "SEQ": 5, "DIM": 24, "HIDDEN": 40},
    "interp_pow2": {"BATCH": 2, "SEQ": 8, "DIM": 32, "HIDDEN": 64},
}
GPU_SHAPES = {
    "gpu": {"BATCH": 16, "SEQ": 512, "DIM": 1024, "HIDDEN": 4096},
    "gpu_odd": {"BATCH": 8, "SEQ": 1000, "DIM": 768, "HIDDEN": 3000},
}
TOLERANCE = {"float32": [1e-2, 1e-2]}
TOLERANCE_REASON = "tl.dot uses TF32 on GPU by default (10-bit mantissa, rel err ~1e-3 per product summed over K)"

"""Embedding lookup (nn.Embedding): int64 indices (BATCH, SEQ) -> vectors (BATCH, SEQ, DIM)."""

import torch
import torch.nn as nn

NUM_EMBEDDINGS = 50000
DIM = 1024
BATCH = 64
SEQ = 1024


class Model(nn.Module):
    def __init__(self, num_embeddings: int, dim: int):
        super().__init__()
        self.embedding = nn.Embedding(num_embeddings, dim)

    def forward(self, indices: torch.Tensor) -> torch.Tensor:
        return self.embedding(indices)


def get_inputs():
    # Indices must be valid row ids, so they are drawn with randint instead of randn.
    return [torch.randint(0, NUM_EMBEDDINGS, (BATCH, SEQ), dtype=torch.int64)]


def get_init_inputs():
    return [NUM_EMBEDDINGS, DIM]


# --- autotriton metadata ---
SPLIT = "train"
TAGS = ["embedding", "gather"]
INTERP_SHAPES = {"interp_odd": {"NUM_EMBEDDINGS": 50, "DIM": 37, "BATCH": 3, "SEQ": 7}, "interp_pow2": {"NUM_EMBEDDINGS": 64, "DIM": 32, "BATCH": 2, "SEQ": 16}}
GPU_SHAPES = {"gpu": {"NUM_EMBEDDINGS": 50000, "DIM": 1024, "BATCH": 64, "SEQ": 1024}, "gpu_odd": {"NUM_EMBEDDINGS": 32000, "DIM": 1000, "BATCH": 37, "SEQ": 2001}}

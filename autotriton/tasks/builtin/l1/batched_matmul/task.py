"""Batched matrix multiplication (torch.bmm): (BATCH, M, K) x (BATCH, K, N) -> (BATCH, M, N)."""

import torch
import torch.nn as nn

BATCH = 32
M = 1024
K = 1024
N = 1024


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        return torch.bmm(a, b)


def get_inputs():
    return [torch.randn(BATCH, M, K), torch.randn(BATCH, K, N)]


def get_init_inputs():
    return []


# --- autotriton metadata ---
SPLIT = "train"
TAGS = ["matmul", "bmm", "batched"]
INTERP_SHAPES = {"interp_odd": {"BATCH": 3, "M": 40, "K": 45, "N": 37}, "interp_pow2": {"BATCH": 2, "M": 64, "K": 32, "N": 32}}
GPU_SHAPES = {"gpu": {"BATCH": 32, "M": 1024, "K": 1024, "N": 1024}, "gpu_odd": {"BATCH": 20, "M": 1000, "K": 1500, "N": 777}}
TOLERANCE = {"float32": [1e-2, 1e-2]}
TOLERANCE_REASON = "tl.dot uses TF32 on GPU by default (10-bit mantissa, rel err ~1e-3 per product summed over K)"

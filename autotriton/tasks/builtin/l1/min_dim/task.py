"""Minimum of a 3-D tensor (B, D, N) over its middle dimension (values only), giving (B, N)."""

import torch
import torch.nn as nn

BATCH = 32
DIM = 1024
N = 4096


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.min(x, dim=1).values


def get_inputs():
    return [torch.randn(BATCH, DIM, N)]


def get_init_inputs():
    return []


# --- autotriton metadata ---
SPLIT = "heldout"
TAGS = ["min", "reduction"]
INTERP_SHAPES = {"interp_odd": {"BATCH": 3, "DIM": 17, "N": 33}, "interp_pow2": {"BATCH": 2, "DIM": 64, "N": 16}}
GPU_SHAPES = {"gpu": {"BATCH": 32, "DIM": 1024, "N": 4096}, "gpu_odd": {"BATCH": 32, "DIM": 1000, "N": 4095}}

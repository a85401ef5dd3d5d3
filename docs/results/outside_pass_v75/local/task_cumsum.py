"""Inclusive prefix sum torch.cumsum(x, dim=-1) over the last dimension of a 2-D tensor."""

import torch
import torch.nn as nn

ROWS = 16384
COLS = 4096


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.cumsum(x, dim=-1)


def get_inputs():
    return [torch.randn(ROWS, COLS)]


def get_init_inputs():
    return []


# --- autotriton metadata ---
SPLIT = "heldout"
TAGS = ["cumsum", "scan"]
INTERP_SHAPES = {"interp_odd": {"ROWS": 5, "COLS": 301}, "interp_pow2": {"ROWS": 2, "COLS": 4096}}
GPU_SHAPES = {"gpu": {"ROWS": 16384, "COLS": 4096}, "gpu_odd": {"ROWS": 8191, "COLS": 10000}}

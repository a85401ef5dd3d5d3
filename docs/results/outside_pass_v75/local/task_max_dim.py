"""Maximum of a 2-D tensor over its last dimension (values only)."""

import torch
import torch.nn as nn

ROWS = 16384
COLS = 8192


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.max(x, dim=-1).values


def get_inputs():
    return [torch.randn(ROWS, COLS)]


def get_init_inputs():
    return []


# --- autotriton metadata ---
SPLIT = "train"
TAGS = ["max", "reduction"]
INTERP_SHAPES = {"interp_odd": {"ROWS": 5, "COLS": 37}, "interp_wide": {"ROWS": 3, "COLS": 300}}
GPU_SHAPES = {"gpu": {"ROWS": 16384, "COLS": 8192}, "gpu_odd": {"ROWS": 12288, "COLS": 10000}}

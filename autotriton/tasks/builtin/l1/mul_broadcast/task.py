"""Multiply each row of a 2-D tensor by a row vector (broadcast over rows)."""

import torch
import torch.nn as nn

ROWS = 16384
COLS = 4096


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
        # x: (ROWS, COLS), v: (COLS,)
        return x * v


def get_inputs():
    return [torch.randn(ROWS, COLS), torch.randn(COLS)]


def get_init_inputs():
    return []


# --- autotriton metadata ---
SPLIT = "train"
TAGS = ["mul", "broadcast", "elementwise"]
INTERP_SHAPES = {"interp_odd": {"ROWS": 37, "COLS": 53}, "interp_pow2": {"ROWS": 4, "COLS": 256}}
GPU_SHAPES = {"gpu": {"ROWS": 16384, "COLS": 4096}, "gpu_odd": {"ROWS": 16383, "COLS": 4099}}

"""Scaled softmax over the last dimension: softmax(x * scale, dim=-1)."""

import torch
import torch.nn as nn

ROWS = 8192
COLS = 8192
SCALE = 0.125


class Model(nn.Module):
    def __init__(self, scale: float):
        super().__init__()
        self.scale = scale

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.softmax(x * self.scale, dim=-1)


def get_inputs():
    return [torch.randn(ROWS, COLS)]


def get_init_inputs():
    return [SCALE]


# --- autotriton metadata ---
SPLIT = "train"
TAGS = ["scale", "softmax", "reduction", "fusion"]
INTERP_SHAPES = {"interp_odd": {"ROWS": 6, "COLS": 333}, "interp_pow2": {"ROWS": 8, "COLS": 128}}
GPU_SHAPES = {"gpu": {"ROWS": 8192, "COLS": 8192}, "gpu_odd": {"ROWS": 16384, "COLS": 5003}}

"""Softmax over the last dimension after adding an additive attention-style mask: softmax(x + mask)."""

import torch
import torch.nn as nn

ROWS = 8192
COLS = 8192


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        return torch.softmax(x + mask, dim=-1)


def get_inputs():
    x = torch.randn(ROWS, COLS)
    # Additive mask: 0 where kept, -1e4 where masked (finite, so no row is all -inf).
    mask = torch.where(torch.randn(ROWS, COLS) > 0, 0.0, -1e4)
    return [x, mask]


def get_init_inputs():
    return []


# --- autotriton metadata ---
SPLIT = "heldout"
TAGS = ["add", "mask", "softmax", "reduction", "fusion"]
INTERP_SHAPES = {"interp_odd": {"ROWS": 7, "COLS": 201}, "interp_pow2": {"ROWS": 4, "COLS": 256}}
GPU_SHAPES = {"gpu": {"ROWS": 8192, "COLS": 8192}, "gpu_odd": {"ROWS": 12000, "COLS": 4000}}

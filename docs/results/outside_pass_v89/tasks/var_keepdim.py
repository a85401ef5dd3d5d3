"""Unbiased variance over dim 1 with keepdim, then scaled by a learned per-channel scale."""
import torch
import torch.nn as nn

BATCH = 32
ROWS = 256
COLS = 1024


class Model(nn.Module):
    def __init__(self, cols: int):
        super().__init__()
        self.scale = nn.Parameter(torch.randn(cols))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.var(x, dim=1, keepdim=True) * self.scale


def get_inputs():
    return [torch.randn(BATCH, ROWS, COLS)]


def get_init_inputs():
    return [COLS]


# --- autotriton metadata ---
INTERP_SHAPES = {"interp_odd": {"BATCH": 3, "ROWS": 37, "COLS": 21}, "interp_pow2": {"BATCH": 2, "ROWS": 64, "COLS": 32}}
GPU_SHAPES = {"gpu": {"BATCH": 32, "ROWS": 256, "COLS": 1024}}

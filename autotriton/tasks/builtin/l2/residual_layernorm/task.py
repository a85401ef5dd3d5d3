"""Residual add followed by LayerNorm: LayerNorm(x + residual) over the last dimension."""

import torch
import torch.nn as nn

ROWS = 16384
HIDDEN = 4096


class Model(nn.Module):
    def __init__(self, hidden: int):
        super().__init__()
        self.norm = nn.LayerNorm(hidden)

    def forward(self, x: torch.Tensor, residual: torch.Tensor) -> torch.Tensor:
        return self.norm(x + residual)


def get_inputs():
    return [torch.randn(ROWS, HIDDEN), torch.randn(ROWS, HIDDEN)]


def get_init_inputs():
    return [HIDDEN]


# --- autotriton metadata ---
SPLIT = "train"
TAGS = ["add", "residual", "layernorm", "reduction", "fusion"]
INTERP_SHAPES = {"interp_odd": {"ROWS": 9, "HIDDEN": 200}, "interp_pow2": {"ROWS": 4, "HIDDEN": 512}}
GPU_SHAPES = {"gpu": {"ROWS": 16384, "HIDDEN": 4096}, "gpu_odd": {"ROWS": 10000, "HIDDEN": 6000}}

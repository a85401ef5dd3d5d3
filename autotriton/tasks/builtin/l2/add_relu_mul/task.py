"""Three-input elementwise fusion: relu(a + b) * c."""

import torch
import torch.nn as nn

ROWS = 16384
COLS = 4096


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a: torch.Tensor, b: torch.Tensor, c: torch.Tensor) -> torch.Tensor:
        return torch.relu(a + b) * c


def get_inputs():
    return [torch.randn(ROWS, COLS), torch.randn(ROWS, COLS), torch.randn(ROWS, COLS)]


def get_init_inputs():
    return []


# --- autotriton metadata ---
SPLIT = "train"
TAGS = ["add", "relu", "mul", "elementwise", "fusion"]
INTERP_SHAPES = {"interp_odd": {"ROWS": 17, "COLS": 99}, "interp_pow2": {"ROWS": 32, "COLS": 64}}
GPU_SHAPES = {"gpu": {"ROWS": 16384, "COLS": 4096}, "gpu_odd": {"ROWS": 10007, "COLS": 6000}}

"""Sum of squares of a 2-D tensor, torch.sum(x * x) -> 0-dim tensor."""

import torch
import torch.nn as nn

ROWS = 16384
COLS = 4096


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.sum(x * x)


def get_inputs():
    return [torch.randn(ROWS, COLS)]


def get_init_inputs():
    return []


# --- autotriton metadata ---
SPLIT = "train"
TAGS = ["square", "sum", "reduction"]
INTERP_SHAPES = {"interp_odd": {"ROWS": 7, "COLS": 301}, "interp_pow2": {"ROWS": 32, "COLS": 128}}
GPU_SHAPES = {"gpu": {"ROWS": 16384, "COLS": 4096}, "gpu_odd": {"ROWS": 12001, "COLS": 5003}}

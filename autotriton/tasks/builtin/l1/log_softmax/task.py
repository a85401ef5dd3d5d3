"""Log-softmax over the last dimension of a 2-D tensor."""

import torch
import torch.nn as nn

ROWS = 16384
COLS = 8192


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.log_softmax(x, dim=-1)


def get_inputs():
    return [torch.randn(ROWS, COLS)]


def get_init_inputs():
    return []


# --- autotriton metadata ---
SPLIT = "heldout"
TAGS = ["log_softmax", "reduction"]
INTERP_SHAPES = {"interp_odd": {"ROWS": 5, "COLS": 37}, "interp_wide": {"ROWS": 3, "COLS": 300}}
GPU_SHAPES = {"gpu": {"ROWS": 16384, "COLS": 8192}, "gpu_odd": {"ROWS": 8192, "COLS": 10000}}

"""Mean squared error loss F.mse_loss(pred, target) with mean reduction -> 0-dim tensor."""

import torch
import torch.nn as nn
import torch.nn.functional as F

ROWS = 16384
COLS = 4096


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, pred: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        return F.mse_loss(pred, target)


def get_inputs():
    return [torch.randn(ROWS, COLS), torch.randn(ROWS, COLS)]


def get_init_inputs():
    return []


# --- autotriton metadata ---
SPLIT = "train"
TAGS = ["mse_loss", "loss", "reduction"]
INTERP_SHAPES = {"interp_odd": {"ROWS": 7, "COLS": 301}, "interp_pow2": {"ROWS": 32, "COLS": 128}}
GPU_SHAPES = {"gpu": {"ROWS": 16384, "COLS": 4096}, "gpu_odd": {"ROWS": 12001, "COLS": 5003}}

"""ReLU applied elementwise to a 2-D tensor."""

import torch
import torch.nn as nn

BATCH = 16384
DIM = 4096


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.relu(x)


def get_inputs():
    return [torch.randn(BATCH, DIM)]


def get_init_inputs():
    return []


# --- autotriton metadata ---
SPLIT = "train"
TAGS = ["relu", "elementwise"]
INTERP_SHAPES = {"interp_odd": {"BATCH": 37, "DIM": 53}, "interp_pow2": {"BATCH": 4, "DIM": 256}}
GPU_SHAPES = {"gpu": {"BATCH": 16384, "DIM": 4096}, "gpu_odd": {"BATCH": 16383, "DIM": 4099}}

"""Tanh applied elementwise to a 4-D tensor."""

import torch
import torch.nn as nn

BATCH = 64
CHANNELS = 64
HEIGHT = 128
WIDTH = 128


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.tanh(x)


def get_inputs():
    return [torch.randn(BATCH, CHANNELS, HEIGHT, WIDTH)]


def get_init_inputs():
    return []


# --- autotriton metadata ---
SPLIT = "train"
TAGS = ["tanh", "elementwise"]
INTERP_SHAPES = {"interp_odd": {"BATCH": 2, "CHANNELS": 3, "HEIGHT": 17, "WIDTH": 19}, "interp_pow2": {"BATCH": 1, "CHANNELS": 4, "HEIGHT": 16, "WIDTH": 16}}
GPU_SHAPES = {"gpu": {"BATCH": 64, "CHANNELS": 64, "HEIGHT": 128, "WIDTH": 128}, "gpu_odd": {"BATCH": 64, "CHANNELS": 63, "HEIGHT": 127, "WIDTH": 129}}

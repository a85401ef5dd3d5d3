"""LeakyReLU (negative slope given at construction) applied elementwise to a 4-D tensor."""

import torch
import torch.nn as nn
import torch.nn.functional as F

BATCH = 64
CHANNELS = 64
HEIGHT = 128
WIDTH = 128
NEGATIVE_SLOPE = 0.2


class Model(nn.Module):
    def __init__(self, negative_slope: float):
        super().__init__()
        self.negative_slope = negative_slope

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.leaky_relu(x, negative_slope=self.negative_slope)


def get_inputs():
    return [torch.randn(BATCH, CHANNELS, HEIGHT, WIDTH)]


def get_init_inputs():
    return [NEGATIVE_SLOPE]


# --- autotriton metadata ---
SPLIT = "train"
TAGS = ["leaky_relu", "elementwise"]
INTERP_SHAPES = {"interp_odd": {"BATCH": 2, "CHANNELS": 3, "HEIGHT": 17, "WIDTH": 19}, "interp_pow2": {"BATCH": 1, "CHANNELS": 4, "HEIGHT": 16, "WIDTH": 16}}
GPU_SHAPES = {"gpu": {"BATCH": 64, "CHANNELS": 64, "HEIGHT": 128, "WIDTH": 128}, "gpu_odd": {"BATCH": 64, "CHANNELS": 63, "HEIGHT": 127, "WIDTH": 129}}

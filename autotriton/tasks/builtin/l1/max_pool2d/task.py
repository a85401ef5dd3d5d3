"""2-D max pooling, kernel 2 and stride 2 (nn.MaxPool2d(2, 2)) on an (N, C, H, W) tensor."""

import torch
import torch.nn as nn

BATCH = 32
CHANNELS = 64
HEIGHT = 256
WIDTH = 256


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = nn.MaxPool2d(kernel_size=2, stride=2)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.pool(x)


def get_inputs():
    return [torch.randn(BATCH, CHANNELS, HEIGHT, WIDTH)]


def get_init_inputs():
    return []


# --- autotriton metadata ---
SPLIT = "train"
TAGS = ["max_pool2d", "pooling"]
INTERP_SHAPES = {"interp_odd": {"BATCH": 2, "CHANNELS": 3, "HEIGHT": 13, "WIDTH": 15}, "interp_pow2": {"BATCH": 1, "CHANNELS": 4, "HEIGHT": 16, "WIDTH": 32}}
GPU_SHAPES = {"gpu": {"BATCH": 32, "CHANNELS": 64, "HEIGHT": 256, "WIDTH": 256}, "gpu_odd": {"BATCH": 16, "CHANNELS": 96, "HEIGHT": 225, "WIDTH": 301}}

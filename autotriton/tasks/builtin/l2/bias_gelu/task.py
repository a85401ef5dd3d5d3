"""Per-channel bias add followed by exact (erf-based) GELU: gelu(x + bias)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

ROWS = 16384
CHANNELS = 4096


class Model(nn.Module):
    def __init__(self, channels: int):
        super().__init__()
        self.bias = nn.Parameter(torch.randn(channels))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.gelu(x + self.bias)


def get_inputs():
    return [torch.randn(ROWS, CHANNELS)]


def get_init_inputs():
    return [CHANNELS]


# --- autotriton metadata ---
SPLIT = "train"
TAGS = ["bias", "add", "gelu", "elementwise", "fusion"]
INTERP_SHAPES = {"interp_odd": {"ROWS": 13, "CHANNELS": 77}, "interp_pow2": {"ROWS": 16, "CHANNELS": 128}}
GPU_SHAPES = {"gpu": {"ROWS": 16384, "CHANNELS": 4096}, "gpu_odd": {"ROWS": 12000, "CHANNELS": 5003}}

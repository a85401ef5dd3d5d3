"""Materialised permute of a 3-D tensor: x.permute(0, 2, 1).contiguous(), (B, R, C) -> contiguous (B, C, R)."""

import torch
import torch.nn as nn

B = 64
R = 1024
C = 1024


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x.permute(0, 2, 1).contiguous()


def get_inputs():
    return [torch.randn(B, R, C)]


def get_init_inputs():
    return []


# --- autotriton metadata ---
SPLIT = "train"
TAGS = ["permute", "transpose", "copy", "memory"]
INTERP_SHAPES = {"interp_odd": {"B": 3, "R": 37, "C": 21}, "interp_pow2": {"B": 2, "R": 32, "C": 64}}
GPU_SHAPES = {"gpu": {"B": 64, "R": 1024, "C": 1024}, "gpu_odd": {"B": 50, "R": 999, "C": 1337}}

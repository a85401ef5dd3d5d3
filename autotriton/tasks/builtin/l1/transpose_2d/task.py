"""Materialised transpose of a 2-D tensor: x.t().contiguous(), (R, C) -> contiguous (C, R)."""

import torch
import torch.nn as nn

R = 16384
C = 4096


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x.t().contiguous()


def get_inputs():
    return [torch.randn(R, C)]


def get_init_inputs():
    return []


# --- autotriton metadata ---
SPLIT = "train"
TAGS = ["transpose", "copy", "memory"]
INTERP_SHAPES = {"interp_odd": {"R": 37, "C": 70}, "interp_pow2": {"R": 64, "C": 32}}
GPU_SHAPES = {"gpu": {"R": 16384, "C": 4096}, "gpu_odd": {"R": 12001, "C": 5003}}

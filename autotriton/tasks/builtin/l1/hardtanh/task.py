"""Hardtanh (clamp to [-1, 1]) applied elementwise to a 3-D tensor."""

import torch
import torch.nn as nn
import torch.nn.functional as F

BATCH = 32
SEQ = 1024
DIM = 2048


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.hardtanh(x, min_val=-1.0, max_val=1.0)


def get_inputs():
    return [torch.randn(BATCH, SEQ, DIM)]


def get_init_inputs():
    return []


# --- autotriton metadata ---
SPLIT = "train"
TAGS = ["hardtanh", "clamp", "elementwise"]
INTERP_SHAPES = {"interp_odd": {"BATCH": 3, "SEQ": 11, "DIM": 53}, "interp_pow2": {"BATCH": 2, "SEQ": 8, "DIM": 128}}
GPU_SHAPES = {"gpu": {"BATCH": 32, "SEQ": 1024, "DIM": 2048}, "gpu_odd": {"BATCH": 32, "SEQ": 1023, "DIM": 2050}}

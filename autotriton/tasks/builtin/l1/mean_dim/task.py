"""Mean of a 3-D tensor over its last dimension (keepdim=False)."""

import torch
import torch.nn as nn

BATCH = 32
SEQ = 512
DIM = 8192


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.mean(x, dim=-1)


def get_inputs():
    return [torch.randn(BATCH, SEQ, DIM)]


def get_init_inputs():
    return []


# --- autotriton metadata ---
SPLIT = "train"
TAGS = ["mean", "reduction"]
INTERP_SHAPES = {"interp_odd": {"BATCH": 3, "SEQ": 5, "DIM": 37}, "interp_wide": {"BATCH": 2, "SEQ": 4, "DIM": 300}}
GPU_SHAPES = {"gpu": {"BATCH": 32, "SEQ": 512, "DIM": 8192}, "gpu_odd": {"BATCH": 32, "SEQ": 511, "DIM": 8190}}

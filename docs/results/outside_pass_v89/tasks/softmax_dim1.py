"""Softmax over the channel dim of a (B, C, L) tensor."""
import torch
import torch.nn as nn

BATCH = 16
CHANNELS = 512
LENGTH = 1024


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.softmax(x, dim=1)


def get_inputs():
    return [torch.randn(BATCH, CHANNELS, LENGTH)]


def get_init_inputs():
    return []


# --- autotriton metadata ---
INTERP_SHAPES = {"interp_odd": {"BATCH": 3, "CHANNELS": 19, "LENGTH": 23}, "interp_pow2": {"BATCH": 2, "CHANNELS": 32, "LENGTH": 16}}
GPU_SHAPES = {"gpu": {"BATCH": 16, "CHANNELS": 512, "LENGTH": 1024}}

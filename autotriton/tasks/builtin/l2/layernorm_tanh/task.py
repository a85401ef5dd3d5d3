"""LayerNorm over the last dimension (learnable weight and bias) followed by tanh."""

import torch
import torch.nn as nn

ROWS = 16384
HIDDEN = 4096


class Model(nn.Module):
    def __init__(self, hidden: int):
        super().__init__()
        self.norm = nn.LayerNorm(hidden)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.tanh(self.norm(x))


def get_inputs():
    return [torch.randn(ROWS, HIDDEN)]


def get_init_inputs():
    return [HIDDEN]


# --- autotriton metadata ---
SPLIT = "heldout"
TAGS = ["layernorm", "tanh", "reduction", "fusion"]
INTERP_SHAPES = {"interp_odd": {"ROWS": 5, "HIDDEN": 311}, "interp_pow2": {"ROWS": 8, "HIDDEN": 256}}
GPU_SHAPES = {"gpu": {"ROWS": 16384, "HIDDEN": 4096}, "gpu_odd": {"ROWS": 8192, "HIDDEN": 7000}}

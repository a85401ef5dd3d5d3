"""LayerNorm over the last dimension (learnable weight and bias) followed by ReLU."""

import torch
import torch.nn as nn

ROWS = 16384
HIDDEN = 4096


class Model(nn.Module):
    def __init__(self, hidden: int):
        super().__init__()
        self.norm = nn.LayerNorm(hidden)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.relu(self.norm(x))


def get_inputs():
    return [torch.randn(ROWS, HIDDEN)]


def get_init_inputs():
    return [HIDDEN]


# --- autotriton metadata ---
SPLIT = "train"
TAGS = ["layernorm", "relu", "reduction", "fusion"]
INTERP_SHAPES = {"interp_odd": {"ROWS": 7, "HIDDEN": 300}, "interp_pow2": {"ROWS": 8, "HIDDEN": 256}}
GPU_SHAPES = {"gpu": {"ROWS": 16384, "HIDDEN": 4096}, "gpu_odd": {"ROWS": 12000, "HIDDEN": 5000}}

"""LayerNorm over the last dimension of a 3-D tensor, with elementwise affine weight and bias."""

import torch
import torch.nn as nn

BATCH = 16
SEQ = 2048
HIDDEN = 4096


class Model(nn.Module):
    def __init__(self, hidden: int):
        super().__init__()
        self.norm = nn.LayerNorm(hidden)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.norm(x)


def get_inputs():
    return [torch.randn(BATCH, SEQ, HIDDEN)]


def get_init_inputs():
    return [HIDDEN]


# --- autotriton metadata ---
SPLIT = "train"
TAGS = ["layernorm", "norm", "reduction"]
INTERP_SHAPES = {"interp_odd": {"BATCH": 2, "SEQ": 5, "HIDDEN": 37}, "interp_pow2": {"BATCH": 3, "SEQ": 4, "HIDDEN": 32}}
GPU_SHAPES = {"gpu": {"BATCH": 16, "SEQ": 2048, "HIDDEN": 4096}, "gpu_npow2": {"BATCH": 8, "SEQ": 2047, "HIDDEN": 5120}}

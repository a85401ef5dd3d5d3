"""RMSNorm over the last dimension of a 3-D tensor, with a learnable per-channel weight."""

import torch
import torch.nn as nn

BATCH = 16
SEQ = 2048
HIDDEN = 4096
EPS = 1e-6


class Model(nn.Module):
    def __init__(self, hidden: int, eps: float):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(hidden))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        rms = torch.sqrt(torch.mean(x * x, dim=-1, keepdim=True) + self.eps)
        return x / rms * self.weight


def get_inputs():
    return [torch.randn(BATCH, SEQ, HIDDEN)]


def get_init_inputs():
    return [HIDDEN, EPS]


# --- autotriton metadata ---
SPLIT = "train"
TAGS = ["rmsnorm", "norm", "reduction"]
INTERP_SHAPES = {"interp_odd": {"BATCH": 2, "SEQ": 5, "HIDDEN": 37}, "interp_pow2": {"BATCH": 3, "SEQ": 4, "HIDDEN": 32}}
GPU_SHAPES = {"gpu": {"BATCH": 16, "SEQ": 2048, "HIDDEN": 4096}, "gpu_npow2": {"BATCH": 8, "SEQ": 2047, "HIDDEN": 5120}}

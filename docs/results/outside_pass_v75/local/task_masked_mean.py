"""Mean of each row over the positions a boolean mask keeps (sequence pooling over padded tokens)."""

import torch
import torch.nn as nn

BATCH = 4096
SEQ = 2048


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        m = mask.to(x.dtype)
        return (x * m).sum(dim=1) / m.sum(dim=1).clamp(min=1.0)


def get_inputs():
    x = torch.randn(BATCH, SEQ)
    mask = torch.randn(BATCH, SEQ) > -0.5  # about 70% of positions kept
    return [x, mask]


def get_init_inputs():
    return []


# --- autotriton metadata ---
SPLIT = "train"
TAGS = ["mask", "mean", "reduction", "fusion"]
INTERP_SHAPES = {"interp_odd": {"BATCH": 7, "SEQ": 201}, "interp_pow2": {"BATCH": 4, "SEQ": 256}}
GPU_SHAPES = {"gpu": {"BATCH": 4096, "SEQ": 2048}, "gpu_odd": {"BATCH": 3001, "SEQ": 1999}}

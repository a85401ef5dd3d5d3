"""Cross-entropy loss F.cross_entropy(logits (BATCH, CLASSES), targets (BATCH,)) with mean reduction -> 0-dim tensor."""

import torch
import torch.nn as nn
import torch.nn.functional as F

BATCH = 16384
CLASSES = 8192


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, logits: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
        return F.cross_entropy(logits, targets)


def get_inputs():
    logits = torch.randn(BATCH, CLASSES)
    # Targets are class indices, so they are drawn with randint instead of randn.
    targets = torch.randint(0, CLASSES, (BATCH,), dtype=torch.int64)
    return [logits, targets]


def get_init_inputs():
    return []


# --- autotriton metadata ---
SPLIT = "heldout"
TAGS = ["cross_entropy", "loss", "reduction"]
INTERP_SHAPES = {"interp_odd": {"BATCH": 7, "CLASSES": 301}, "interp_pow2": {"BATCH": 2, "CLASSES": 4096}}
GPU_SHAPES = {"gpu": {"BATCH": 16384, "CLASSES": 8192}, "gpu_odd": {"BATCH": 8191, "CLASSES": 32000}}

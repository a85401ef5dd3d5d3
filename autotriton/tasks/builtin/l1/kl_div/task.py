"""KL divergence F.kl_div(log_q, p, reduction="batchmean") over (BATCH, CLASSES) distributions -> 0-dim tensor."""

import torch
import torch.nn as nn
import torch.nn.functional as F

BATCH = 16384
CLASSES = 4096


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, log_q: torch.Tensor, p: torch.Tensor) -> torch.Tensor:
        return F.kl_div(log_q, p, reduction="batchmean")


def get_inputs():
    # kl_div expects log-probabilities as input and probabilities as target, so
    # both are made from randn rows: log_softmax for log_q, softmax for p.
    log_q = torch.log_softmax(torch.randn(BATCH, CLASSES), dim=-1)
    p = torch.softmax(torch.randn(BATCH, CLASSES), dim=-1)
    return [log_q, p]


def get_init_inputs():
    return []


# --- autotriton metadata ---
SPLIT = "heldout"
TAGS = ["kl_div", "loss", "reduction"]
INTERP_SHAPES = {"interp_odd": {"BATCH": 7, "CLASSES": 301}, "interp_pow2": {"BATCH": 32, "CLASSES": 128}}
GPU_SHAPES = {"gpu": {"BATCH": 16384, "CLASSES": 4096}, "gpu_odd": {"BATCH": 12001, "CLASSES": 5003}}

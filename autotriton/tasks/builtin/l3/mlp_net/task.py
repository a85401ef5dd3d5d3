"""Three-layer MLP classifier: Linear -> ReLU -> Linear -> ReLU -> Linear."""

import torch
import torch.nn as nn

BATCH = 8192
IN_FEATURES = 1024
HIDDEN1 = 2048
HIDDEN2 = 2048
NUM_CLASSES = 1000


class Model(nn.Module):
    def __init__(self, in_features: int, hidden1: int, hidden2: int, num_classes: int):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(in_features, hidden1),
            nn.ReLU(),
            nn.Linear(hidden1, hidden2),
            nn.ReLU(),
            nn.Linear(hidden2, num_classes),
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.net(x)


def get_inputs():
    return [torch.randn(BATCH, IN_FEATURES)]


def get_init_inputs():
    return [IN_FEATURES, HIDDEN1, HIDDEN2, NUM_CLASSES]


# --- autotriton metadata ---
SPLIT = "train"
TAGS = ["mlp", "matmul", "linear", "bias", "relu"]
INTERP_SHAPES = {
    "interp_odd": {"BATCH": 17, "IN_FEATURES": 30, "HIDDEN1": 40, "HIDDEN2": 24, "NUM_CLASSES": 10},
    "interp_pow2": {"BATCH": 32, "IN_FEATURES": 64, "HIDDEN1": 32, "HIDDEN2": 32, "NUM_CLASSES": 16},
}
GPU_SHAPES = {
    "gpu": {"BATCH": 8192, "IN_FEATURES": 1024, "HIDDEN1": 2048, "HIDDEN2": 2048, "NUM_CLASSES": 1000},
    "gpu_odd": {"BATCH": 5000, "IN_FEATURES": 784, "HIDDEN1": 3000, "HIDDEN2": 1500, "NUM_CLASSES": 10},
}
TOLERANCE = {"float32": [1e-2, 1e-2]}
TOLERANCE_REASON = "tl.dot uses TF32 on GPU by default (10-bit mantissa, rel err ~1e-3 per product summed over K)"

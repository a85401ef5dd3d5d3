"""Matrix-vector product y = A @ x with A of shape (M, K) and x of shape (K,)."""

import torch
import torch.nn as nn

M = 16384
K = 8192


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
        return torch.matmul(a, x)


def get_inputs():
    return [torch.randn(M, K), torch.randn(K)]


def get_init_inputs():
    return []


# --- autotriton metadata ---
SPLIT = "heldout"
TAGS = ["matvec", "reduction"]
INTERP_SHAPES = {"interp_odd": {"M": 37, "K": 300}, "interp_pow2": {"M": 64, "K": 64}}
GPU_SHAPES = {"gpu": {"M": 16384, "K": 8192}, "gpu_odd": {"M": 20001, "K": 6000}}

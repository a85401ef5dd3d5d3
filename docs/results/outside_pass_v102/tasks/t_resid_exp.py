"""y = x + 0.001 * exp(x) * sin(x): a small elementwise correction on a residual."""
import torch
import torch.nn as nn
B = 256
D = 1024
class Model(nn.Module):
    def __init__(self):
        super().__init__()
    def forward(self, x):
        return x + 0.001 * torch.exp(x) * torch.sin(x)
def get_inputs():
    return [torch.randn(B, D)]
def get_init_inputs():
    return []
INTERP_SHAPES = {"interp_a": {"B": 5, "D": 300}, "interp_b": {"B": 4, "D": 512}}
GPU_SHAPES = {"gpu": {"B": 256, "D": 1024}}

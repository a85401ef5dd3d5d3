"""Leaky integrator: h' = decay * h + x; returns h' (h zeros at the start)."""
import torch
import torch.nn as nn
B = 256
D = 1024
class Model(nn.Module):
    def __init__(self, decay):
        super().__init__()
        self.decay = decay
    def forward(self, x, h):
        return self.decay * h + x
def get_inputs():
    return [torch.randn(B, D), torch.zeros(B, D)]
def get_init_inputs():
    return [0.9]
INTERP_SHAPES = {"interp_a": {"B": 5, "D": 300}, "interp_b": {"B": 4, "D": 512}}
GPU_SHAPES = {"gpu": {"B": 256, "D": 1024}}

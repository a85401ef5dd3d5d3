"""Group normalisation (no affine) configured by a nested list [[groups], {"eps": eps}]."""
import torch
import torch.nn as nn
B = 64
C = 64
L = 256
class Model(nn.Module):
    def __init__(self, spec):
        super().__init__()
        self.g = spec[0][0]
        self.eps = spec[1]["eps"]
    def forward(self, x):
        b, c, l = x.shape
        xg = x.reshape(b, self.g, -1)
        m = xg.mean(-1, keepdim=True)
        v = xg.var(-1, unbiased=False, keepdim=True)
        return ((xg - m) / torch.sqrt(v + self.eps)).reshape(b, c, l)
def get_inputs():
    return [torch.randn(B, C, L)]
def get_init_inputs():
    return [[[4], {"eps": 1e-5}]]
INTERP_SHAPES = {"interp_a": {"B": 2, "C": 16, "L": 30}, "interp_b": {"B": 3, "C": 8, "L": 64}}
GPU_SHAPES = {"gpu": {"B": 64, "C": 64, "L": 256}}

import torch
import torch.nn as nn
M = 1024
K = 1024
N = 1024
class Model(nn.Module):
    def __init__(self):
        super().__init__()
    def forward(self, a, b):
        return torch.matmul(a, b)
def get_inputs():
    return [torch.randn(M, K), torch.randn(K, N)]
def get_init_inputs():
    return []
INTERP_SHAPES = {"interp_a": {"M": 33, "K": 47, "N": 29}, "interp_b": {"M": 32, "K": 64, "N": 32}}
GPU_SHAPES = {"gpu": {"M": 1024, "K": 1024, "N": 1024}}

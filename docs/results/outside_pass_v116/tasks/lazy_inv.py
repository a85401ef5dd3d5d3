import torch
import torch.nn as nn

class Model(nn.Module):
    """Per-feature scaling by the reciprocal of a learned scale; the reciprocal is computed once, at the
    first call, and kept (an inference-time cache of a function of the weights)."""
    def __init__(self, dim):
        super().__init__()
        self.scale = nn.Parameter(torch.rand(dim) + 0.5)
        self._inv = None

    def forward(self, x):
        if self._inv is None:
            self._inv = 1.0 / self.scale
        return x * self._inv

batch_size = 16
dim = 256

def get_inputs():
    return [torch.randn(batch_size, dim)]

def get_init_inputs():
    return [dim]

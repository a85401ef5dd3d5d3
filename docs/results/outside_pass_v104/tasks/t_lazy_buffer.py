import torch
import torch.nn as nn

class Model(nn.Module):
    """ReLU times a per-feature ramp, kept in a buffer registered empty (None) and filled on the first call."""
    def __init__(self, dim):
        super().__init__()
        self.register_buffer("ramp", None)

    def forward(self, x):
        if self.ramp is None:
            self.ramp = torch.linspace(0.5, 1.5, x.shape[-1], dtype=x.dtype, device=x.device)
        return torch.relu(x) * self.ramp

batch_size = 16
dim = 256

def get_inputs():
    return [torch.randn(batch_size, dim)]

def get_init_inputs():
    return [dim]

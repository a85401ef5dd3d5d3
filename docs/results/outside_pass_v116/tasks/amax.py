import torch
import torch.nn as nn

class Model(nn.Module):
    """Divide by a running absolute maximum (dynamic range tracking, as fp8 scaling keeps an amax);
    the buffer is raised only when an input exceeds it."""
    def __init__(self, dim):
        super().__init__()
        self.register_buffer("amax", torch.ones(1))

    def forward(self, x):
        m = x.abs().max()
        if m > self.amax:
            self.amax.copy_(m.reshape(1))
        return x / self.amax

batch_size = 16
dim = 256

def get_inputs():
    return [torch.rand(batch_size, dim)]

def get_init_inputs():
    return [dim]

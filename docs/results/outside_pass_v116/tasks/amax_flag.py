import torch
import torch.nn as nn

class Model(nn.Module):
    """Divide by a running absolute maximum, raised only when an input exceeds it; a flag records that the
    module has run once (a one-time lazy set-up). (tasks/amax.py with the flag.)"""
    def __init__(self, dim):
        super().__init__()
        self.register_buffer("amax", torch.ones(1))
        self.initialized = False

    def forward(self, x):
        if not self.initialized:
            self.initialized = True
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

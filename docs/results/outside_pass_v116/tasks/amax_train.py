import torch
import torch.nn as nn

class Model(nn.Module):
    """Divide by a running absolute maximum that is raised only in training mode (an fp8 amax
    observer, frozen in eval mode as BatchNorm's running statistics are)."""
    def __init__(self, dim):
        super().__init__()
        self.register_buffer("amax", torch.ones(1))

    def forward(self, x):
        m = x.abs().max()
        if self.training and m > self.amax:
            self.amax.copy_(m.reshape(1))
        return x / self.amax

batch_size = 16
dim = 256

def get_inputs():
    return [torch.rand(batch_size, dim)]

def get_init_inputs():
    return [dim]

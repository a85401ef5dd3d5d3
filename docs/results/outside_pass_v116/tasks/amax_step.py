import torch
import torch.nn as nn

class Model(nn.Module):
    """Divide by a running absolute maximum with a step counter beside it (fp8 delayed scaling keeps its
    amax and the number of steps taken); the maximum is raised only when an input exceeds it
    (tasks/amax.py with the counter)."""
    def __init__(self, dim):
        super().__init__()
        self.register_buffer("amax", torch.ones(1))
        self.register_buffer("steps", torch.zeros((), dtype=torch.long))

    def forward(self, x):
        self.steps += 1
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

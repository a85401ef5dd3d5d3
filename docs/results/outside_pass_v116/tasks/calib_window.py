import torch
import torch.nn as nn

class Model(nn.Module):
    """An observer that calibrates a running mean (EMA) over its first `window` batches and is frozen
    after that, as a quantisation observer is disabled after its calibration steps; the output reads
    the state."""
    def __init__(self, dim, momentum, window):
        super().__init__()
        self.momentum = momentum
        self.window = window
        self.register_buffer("running_mean", torch.zeros(dim))
        self.register_buffer("count", torch.zeros((), dtype=torch.long))

    def forward(self, x):
        if self.count < self.window:
            self.running_mean.mul_(1 - self.momentum).add_(self.momentum * x.mean(dim=0))
            self.count += 1
        return x - self.running_mean

batch_size = 16
dim = 256
momentum = 0.1
window = 5000

def get_inputs():
    return [torch.randn(batch_size, dim)]

def get_init_inputs():
    return [dim, momentum, window]

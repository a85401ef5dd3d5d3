import torch
import torch.nn as nn

class Model(nn.Module):
    """BatchNorm1d (tasks/bn_lock.py without the lock)."""
    def __init__(self, channels):
        super().__init__()
        self.bn = nn.BatchNorm1d(channels)

    def forward(self, x):
        return self.bn(x)

batch_size = 16
channels = 64

def get_inputs():
    return [torch.randn(batch_size, channels)]

def get_init_inputs():
    return [channels]

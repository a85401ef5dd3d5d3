import torch
import torch.nn as nn
import torch.nn.functional as fn

batch = 16
channels = 320
num_groups = 32
size = 48


class Model(nn.Module):
    def __init__(self, num_channels, groups, eps=1e-5):
        super().__init__()
        self.groups = groups
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(num_channels))
        self.bias = nn.Parameter(torch.zeros(num_channels))

    def forward(self, x):
        return fn.group_norm(x, self.groups, self.weight, self.bias, self.eps)


def get_inputs():
    return [torch.randn(batch, channels, size, size)]


def get_init_inputs():
    return [channels, num_groups]

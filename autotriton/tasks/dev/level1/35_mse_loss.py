import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, pred, target):
        return ((pred - target) ** 2).mean()


batch_size = 64
channels = 3
image_size = 256


def get_inputs():
    pred = torch.randn(batch_size, channels, image_size, image_size)
    target = torch.randn(batch_size, channels, image_size, image_size)
    return [pred, target]


def get_init_inputs():
    return []

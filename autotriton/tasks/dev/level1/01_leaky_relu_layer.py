from torch import nn
import torch

batch = 512
hidden = 12000


class Model(nn.Module):
    def __init__(self, negative_slope=0.1):
        super().__init__()
        self.act = nn.LeakyReLU(negative_slope)

    def forward(self, x):
        return self.act(x)


def get_inputs():
    return [torch.randn(batch, hidden)]


def get_init_inputs():
    return [0.2]

import torch
import torch.nn as nn
import torch.nn.functional as F

N = 8
C_IN = 32
C_OUT = 48
H = W = 72
KSIZE = 3


class ConvReLU(nn.Module):
    def __init__(self, cin, cout, k):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, k, padding=k // 2, bias=False)
        self.bias = nn.Parameter(torch.randn(cout) * 0.05)

    def forward(self, x):
        return F.relu(self.conv(x) + self.bias.view(1, -1, 1, 1))


class Model(nn.Module):
    def __init__(self, c_in, c_out, k):
        super().__init__()
        self.first = ConvReLU(c_in, c_out, k)
        self.second = ConvReLU(c_out, c_out, k)

    def forward(self, x):
        return self.second(self.first(x))


def get_inputs():
    return [torch.randn(N, C_IN, H, W)]


def get_init_inputs():
    return [C_IN, C_OUT, KSIZE]

import torch
import torch.nn as nn

class Model(nn.Module):
    """Running mean (EMA) kept as streaming state in a tuple, as an LSTM keeps (h, c) between
    calls; the output reads the updated state. (tasks/ema_buf.py with the state in a tuple.)"""
    def __init__(self, dim, momentum):
        super().__init__()
        self.momentum = momentum
        self.state = (torch.zeros(dim),)

    def forward(self, x):
        m = x.mean(dim=0)
        running = self.state[0] * (1 - self.momentum) + self.momentum * m
        self.state = (running,)
        return x - running

batch_size = 16
dim = 256
momentum = 0.1

def get_inputs():
    return [torch.randn(batch_size, dim)]

def get_init_inputs():
    return [dim, momentum]

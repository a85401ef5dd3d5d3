import torch
import torch.nn as nn


class Model(nn.Module):
    """Glow's ActNorm as glow-pytorch writes it: a data-dependent initialisation of the bias and
    log-scale from the first training batch (in place, visible to version counters), remembered in a Python bool."""
    def __init__(self, dim):
        super().__init__()
        self.bias = nn.Parameter(torch.zeros(1, dim))
        self.logs = nn.Parameter(torch.zeros(1, dim))
        self.inited = False

    def initialize_parameters(self, x):
        if not self.training:
            return
        with torch.no_grad():
            bias = -x.mean(dim=0, keepdim=True)
            var = ((x + bias) ** 2).mean(dim=0, keepdim=True)
            logs = torch.log(1.0 / (torch.sqrt(var) + 1e-6))
            self.bias.copy_(bias)
            self.logs.copy_(logs)
            self.inited = True

    def forward(self, x):
        if not self.inited:
            self.initialize_parameters(x)
        return (x + self.bias) * torch.exp(self.logs)


batch_size = 32
dim = 128


def get_inputs():
    return [torch.randn(batch_size, dim) * 2.0 + 0.5]


def get_init_inputs():
    return [dim]

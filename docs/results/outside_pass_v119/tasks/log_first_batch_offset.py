import torch
import torch.nn as nn


class Model(nn.Module):
    """Log features centred by the first batch's mean log (a calibration taken once)."""
    def __init__(self, features):
        super().__init__()
        self.register_buffer("offset", torch.zeros(features))
        self.register_buffer("ready", torch.zeros((), dtype=torch.bool))

    def forward(self, x):
        y = torch.log(x)
        if not bool(self.ready):
            self.offset.copy_(y.mean(dim=0))
            self.ready.fill_(True)
        return y - self.offset


rows = 16
features = 128


def get_inputs():
    return [torch.rand(rows, features) + 0.05]


def get_init_inputs():
    return [features]

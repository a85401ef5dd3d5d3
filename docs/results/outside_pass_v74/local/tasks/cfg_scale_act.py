"""Scale then activation, with the constructor taking a config dict: act(x * cfg['scale'])."""
import torch
import torch.nn as nn

BATCH = 64
DIM = 256


class Model(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.scale = cfg["scale"]
        self.act = cfg["act"]

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = x * self.scale
        return torch.relu(y) if self.act == "relu" else torch.tanh(y)


def get_inputs():
    return [torch.randn(BATCH, DIM)]


def get_init_inputs():
    return [{"scale": 1.5, "act": "relu"}]

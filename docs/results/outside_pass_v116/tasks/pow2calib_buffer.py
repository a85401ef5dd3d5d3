import torch
import torch.nn as nn


class Model(nn.Module):
    """The first form of tasks/pow2calib.py (the scale in a 0-d buffer), kept for the first three
    pow2calib lines of log.jsonl: a persistent buffer is redrawn in re-randomising trials, so the
    task was rewritten with the scale in a Python float (v114 F4's form)."""
    def __init__(self, dim):
        super().__init__()
        self.register_buffer("scale", torch.zeros(()))

    def forward(self, x):
        if self.scale.item() == 0.0:
            m = x.abs().max().clamp_min(2.0 ** -100)
            self.scale.fill_(torch.exp2(torch.ceil(torch.log2(m))))
        return torch.clamp(x / self.scale, -1.0, 1.0)


batch_size = 16
dim = 256


def get_inputs():
    return [torch.rand(batch_size, dim)]


def get_init_inputs():
    return [dim]

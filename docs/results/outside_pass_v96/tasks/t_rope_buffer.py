import torch
import torch.nn as nn

B = 4
T = 32
D = 64


class Model(nn.Module):
    """Rotary-style scaling: each feature pair scaled by cos(t * inv_freq), inv_freq a fixed buffer."""

    def __init__(self, dim):
        super().__init__()
        inv_freq = 1.0 / (10000.0 ** (torch.arange(0, dim, 2).float() / dim))
        self.register_buffer("inv_freq", inv_freq)

    def forward(self, x):
        t = torch.arange(x.shape[1], device=x.device, dtype=torch.float32)
        ang = t[:, None] * self.inv_freq[None, :]          # (T, D/2)
        c = torch.cos(ang).repeat_interleave(2, dim=-1)    # (T, D)
        return x * c[None, :, :]


def get_inputs():
    return [torch.randn(B, T, D)]


def get_init_inputs():
    return [D]

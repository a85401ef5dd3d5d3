import torch
import torch.nn as nn

batch_size = 4
seq_len = 512
d_model = 768
hidden = 4 * d_model


class FeedForward(nn.Module):
    def __init__(self, d_model, hidden):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(d_model, hidden),
            nn.GELU(),
            nn.Linear(hidden, d_model),
        )

    def forward(self, x):
        return self.net(x)


class Model(nn.Module):
    def __init__(self, d_model, hidden):
        super().__init__()
        self.norm = nn.LayerNorm(d_model)
        self.ff = FeedForward(d_model, hidden)

    def forward(self, x):
        return x + self.ff(self.norm(x))


def get_inputs():
    return [torch.randn(batch_size, seq_len, d_model)]


def get_init_inputs():
    return [d_model, hidden]

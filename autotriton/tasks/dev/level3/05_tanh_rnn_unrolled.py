import torch
import torch.nn as nn

batch = 512
steps = 6
input_size = 384
hidden_size = 1024


class ElmanCell(nn.Module):
    def __init__(self, input_size, hidden_size):
        super().__init__()
        self.ih = nn.Linear(input_size, hidden_size)
        self.hh = nn.Linear(hidden_size, hidden_size, bias=False)

    def forward(self, x_t, h):
        return torch.tanh(self.ih(x_t) + self.hh(h))


class Model(nn.Module):
    def __init__(self, input_size, hidden_size):
        super().__init__()
        self.cell = ElmanCell(input_size, hidden_size)

    def forward(self, x, h0):
        # x: (batch, steps, input_size); returns every hidden state, (batch, steps, hidden)
        h = h0
        outs = []
        for t in range(x.size(1)):
            h = self.cell(x[:, t], h)
            outs.append(h)
        return torch.stack(outs, dim=1)


def get_inputs():
    return [torch.randn(batch, steps, input_size), torch.randn(batch, hidden_size)]


def get_init_inputs():
    return [input_size, hidden_size]

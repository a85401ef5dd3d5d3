import torch
import torch.nn as nn

NUM_EPISODES = 4096
HORIZON = 2000


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, rewards):
        # R[t] = sum_{s >= t} r[s]: reverse, prefix-sum, reverse back
        flipped = torch.flip(rewards, dims=[1])
        return torch.flip(torch.cumsum(flipped, dim=1), dims=[1])


def get_inputs():
    return [torch.randn(NUM_EPISODES, HORIZON)]


def get_init_inputs():
    return []

import torch
from torch import nn

batch = 1024
vocab = 5003


class Model(nn.Module):
    def __init__(self, temperature: float = 1.0):
        super().__init__()
        self.temperature = temperature

    def forward(self, logits: torch.Tensor) -> torch.Tensor:
        return (logits / self.temperature).log_softmax(dim=-1)


def get_inputs():
    return [torch.randn(batch, vocab) * 2]


def get_init_inputs():
    return [0.7]

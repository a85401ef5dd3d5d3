import torch
import torch.nn as nn
import torch.nn.functional as F

BATCH = 8192
NUM_LABELS = 1000


class Model(nn.Module):
    # multi-label classification loss; targets are 0/1 floats
    def __init__(self):
        super().__init__()

    def forward(self, logits: torch.Tensor, labels: torch.Tensor) -> torch.Tensor:
        return F.binary_cross_entropy_with_logits(logits, labels)


def get_inputs():
    logits = torch.randn(BATCH, NUM_LABELS)
    labels = torch.randint(0, 2, (BATCH, NUM_LABELS)).float()
    return [logits, labels]


def get_init_inputs():
    return []

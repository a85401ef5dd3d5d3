import torch
import torch.nn as nn

BATCH = 4096
FEATURES = 512
NUM_CLASSES = 1000


class Model(nn.Module):
    """Classifier logits -> energy score (-T * logsumexp(logits / T)), used for OOD detection."""

    def __init__(self, features, num_classes, temperature=1.0):
        super().__init__()
        self.fc = nn.Linear(features, num_classes)
        self.T = temperature

    def forward(self, x):
        logits = self.fc(x)
        return -self.T * torch.logsumexp(logits / self.T, dim=1)


def get_inputs():
    return [torch.randn(BATCH, FEATURES)]


def get_init_inputs():
    return [FEATURES, NUM_CLASSES, 1.5]

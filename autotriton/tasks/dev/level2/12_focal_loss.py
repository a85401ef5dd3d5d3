import torch
import torch.nn as nn
import torch.nn.functional as F

N_ANCHORS = 8192
N_CLASSES = 80


def sigmoid_focal_loss(logits, targets, alpha=0.25, gamma=2.0):
    p = torch.sigmoid(logits)
    ce = F.binary_cross_entropy_with_logits(logits, targets, reduction="none")
    p_t = p * targets + (1 - p) * (1 - targets)
    loss = ce * (1 - p_t) ** gamma
    alpha_t = alpha * targets + (1 - alpha) * (1 - targets)
    return (alpha_t * loss).mean()


class Model(nn.Module):
    def __init__(self, alpha, gamma):
        super().__init__()
        self.alpha = alpha
        self.gamma = gamma

    def forward(self, logits, targets):
        return sigmoid_focal_loss(logits, targets, self.alpha, self.gamma)


def get_inputs():
    targets = (torch.randn(N_ANCHORS, N_CLASSES) > 1.5).float()  # mostly negatives
    return [torch.randn(N_ANCHORS, N_CLASSES) * 2, targets]


def get_init_inputs():
    return [0.25, 2.0]

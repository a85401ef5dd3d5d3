import torch
import torch.nn as nn

class Model(nn.Module):
    """A frozen BatchNorm (statistics loaded and fixed: put in eval mode once, as a fine-tuned
    backbone's normalisation is) followed by a trainable BatchNorm in training mode; train() keeps the frozen one in eval mode
    (tasks/frozen_bn.py with the override, which returns None as mmdetection's does)."""
    def __init__(self, channels):
        super().__init__()
        self.frozen = nn.BatchNorm1d(channels)
        self.frozen.eval()
        self.bn = nn.BatchNorm1d(channels)

    def train(self, mode=True):
        super().train(mode)
        self.frozen.eval()  # mmdetection's norm_eval: the frozen norm stays in eval mode (and, as in
        # mmdetection's ResNet.train, nothing is returned)

    def forward(self, x):
        return self.bn(self.frozen(x))

batch_size = 16
channels = 64

def get_inputs():
    return [torch.randn(batch_size, channels)]

def get_init_inputs():
    return [channels]

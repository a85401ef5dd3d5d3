import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, in_features, num_classes):
        super().__init__()
        # stored (in, out) so the forward is a plain addmm, no transpose
        self.weight = nn.Parameter(torch.randn(in_features, num_classes) * in_features ** -0.5)
        self.bias = nn.Parameter(torch.zeros(num_classes))

    def forward(self, x):
        return torch.addmm(self.bias, x, self.weight)


BATCH = 3072
IN_FEATURES = 2048
NUM_CLASSES = 1000


def get_inputs():
    return [torch.randn(BATCH, IN_FEATURES)]


def get_init_inputs():
    return [IN_FEATURES, NUM_CLASSES]

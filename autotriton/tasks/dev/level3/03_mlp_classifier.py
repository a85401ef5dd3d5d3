import torch
import torch.nn as nn

batch = 2048
in_features = 300
hidden_dim = 1000
num_classes = 10


class Model(nn.Module):
    def __init__(self, in_features, hidden_dim, num_classes):
        super().__init__()
        layers = []
        dims = [in_features, hidden_dim, hidden_dim]
        for a, b in zip(dims[:-1], dims[1:]):
            layers += [nn.Linear(a, b), nn.LayerNorm(b), nn.ReLU()]
        self.backbone = nn.Sequential(*layers)
        self.classifier = nn.Linear(hidden_dim, num_classes)

    def forward(self, x):
        return self.classifier(self.backbone(x))


def get_inputs():
    return [torch.randn(batch, in_features)]


def get_init_inputs():
    return [in_features, hidden_dim, num_classes]

import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self, in_f, out_f):
        super().__init__()
        self.fc = nn.Linear(in_f, out_f)

    def forward(self, x):
        return torch.relu(self.fc(x))

batch_size = 8
in_features = 32
out_features = 16

def get_inputs():
    return [torch.randn(batch_size, in_features)]

def get_init_inputs():
    return [in_features, out_features]

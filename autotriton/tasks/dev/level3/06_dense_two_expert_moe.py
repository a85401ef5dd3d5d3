import torch
from torch import nn
import torch.nn.functional as F

BATCH, SEQ = 8, 640
D_MODEL = 512
D_FF = 1408
NUM_EXPERTS = 2


class Expert(nn.Module):
    def __init__(self, d_model, d_ff):
        super().__init__()
        self.fc1 = nn.Linear(d_model, d_ff)
        self.fc2 = nn.Linear(d_ff, d_model)

    def forward(self, x):
        return self.fc2(F.silu(self.fc1(x)))


class Model(nn.Module):
    # soft mixture: every token goes through every expert, outputs weighted by the gate
    def __init__(self, d_model, d_ff, num_experts):
        super().__init__()
        self.gate = nn.Linear(d_model, num_experts, bias=False)
        self.experts = nn.ModuleList([Expert(d_model, d_ff) for _ in range(num_experts)])

    def forward(self, x):
        weights = torch.softmax(self.gate(x), dim=-1)  # (B, S, E)
        out = torch.zeros_like(x)
        for i, expert in enumerate(self.experts):
            out = out + weights[..., i:i + 1] * expert(x)
        return out


def get_inputs():
    return [torch.randn(BATCH, SEQ, D_MODEL)]


def get_init_inputs():
    return [D_MODEL, D_FF, NUM_EXPERTS]

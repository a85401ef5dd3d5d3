import torch
import torch.nn as nn

batch = 2048
vocab = 10000
num_candidates = 50


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, logits, candidate_ids):
        # logits: (batch, vocab), candidate_ids: (batch, num_candidates) -> (batch, num_candidates)
        return torch.gather(logits, 1, candidate_ids)


def get_inputs():
    logits = torch.randn(batch, vocab)
    candidate_ids = torch.randint(0, vocab, (batch, num_candidates))
    return [logits, candidate_ids]


def get_init_inputs():
    return []

import math

import torch
import torch.nn as nn


class TokenEmbedding(nn.Module):
    def __init__(self, vocab_size: int, d_model: int):
        super().__init__()
        self.table = nn.Embedding(vocab_size, d_model)
        self.scale = math.sqrt(d_model)

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        return self.table(ids) * self.scale


class Model(nn.Module):
    def __init__(self, vocab_size: int, d_model: int):
        super().__init__()
        self.embed = TokenEmbedding(vocab_size, d_model)

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        return self.embed(ids)


VOCAB = 32000
D_MODEL = 768
BATCH = 32
SEQ_LEN = 1024


def get_inputs():
    return [torch.randint(0, VOCAB, (BATCH, SEQ_LEN))]


def get_init_inputs():
    return [VOCAB, D_MODEL]

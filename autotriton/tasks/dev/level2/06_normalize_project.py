import math

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 3000
embed_dim = 768
proj_dim = 512


class Model(nn.Module):
    # contrastive head: unit-normalise the features, project, multiply by a learned temperature
    def __init__(self, embed_dim, proj_dim):
        super().__init__()
        self.proj = nn.Linear(embed_dim, proj_dim, bias=False)
        self.logit_scale = nn.Parameter(torch.tensor(math.log(1 / 0.07)))

    def forward(self, feats):
        feats = F.normalize(feats, p=2, dim=-1)
        return self.proj(feats) * self.logit_scale.exp()


def get_inputs():
    return [torch.randn(batch_size, embed_dim)]


def get_init_inputs():
    return [embed_dim, proj_dim]

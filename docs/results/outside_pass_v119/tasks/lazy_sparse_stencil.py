import torch
import torch.nn as nn


class Model(nn.Module):
    """A fixed chain-graph aggregation: the sparse adjacency (self loops and both neighbours) is built
    lazily, on the first call, from the input's width, then reused."""
    def __init__(self):
        super().__init__()
        self.adj = None

    def forward(self, x):
        if self.adj is None:
            n = x.shape[1]
            i = torch.arange(n)
            rows = torch.cat([i, i[1:], i[:-1]])
            cols = torch.cat([i, i[:-1], i[1:]])
            vals = torch.ones(rows.numel(), dtype=x.dtype)
            self.adj = torch.sparse_coo_tensor(torch.stack([rows, cols]), vals, (n, n)).coalesce()
        return torch.sparse.mm(self.adj, x.t()).t()


rows = 16
width = 128


def get_inputs():
    return [torch.randn(rows, width)]


def get_init_inputs():
    return []

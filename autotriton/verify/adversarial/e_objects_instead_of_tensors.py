# task: builtin/l1/relu
# expect: error=bad_output
# static: off
# why: forward returns a dict holding a numpy array and a generator, objects with behaviour (and no tensor semantics) that a verifier must never call into or try to compare.
import numpy
import torch
import torch.nn as nn


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor):
        return {"out": numpy.zeros(tuple(x.shape), dtype=numpy.float32), "more": (i for i in range(3))}

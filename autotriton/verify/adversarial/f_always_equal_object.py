# task: builtin/l1/relu
# expect: error=bad_output
# static: off
# why: forward returns an object whose __eq__ says True, __ne__ False, __sub__ and abs give 0 and whose shape/dtype mimic the expected tensor's, so a comparison written as ==, != or abs(a - b) <= tol (and any allclose that falls back to them) "passes".
import torch
import torch.nn as nn


class Agreeable:
    def __init__(self, like):
        self.shape, self.dtype, self.device = like.shape, like.dtype, like.device

    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    def __sub__(self, other):
        return self

    def __rsub__(self, other):
        return self

    def __abs__(self):
        return 0.0

    def __le__(self, other):
        return True

    def __float__(self):
        return 0.0

    def __bool__(self):
        return True

    def __getattr__(self, name):
        return lambda *a, **k: self


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor):
        return Agreeable(x)

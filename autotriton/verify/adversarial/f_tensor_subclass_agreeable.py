# task: builtin/l1/relu
# expect: error=bad_output
# static: off
# why: with the static rules off, a Tensor subclass whose __torch_function__ answers True to equal/allclose/isclose/all (and whose __eq__ is all-true) is returned holding zeros, so any comparison that runs torch functions on the candidate's object agrees.
import torch
import torch.nn as nn


class Agreeable(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        name = getattr(func, "__name__", "")
        if name in ("equal", "allclose", "all", "any", "__bool__"):
            return True
        if name in ("isclose", "eq", "__eq__", "isfinite"):
            return torch.ones(args[0].shape, dtype=torch.bool)
        with torch._C.DisableTorchFunctionSubclass():
            return func(*args, **(kwargs or {}))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.zeros_like(x).as_subclass(Agreeable)

"""Runtime guards installed in the sandbox child *before* candidate code runs.

- Launch hook: counts launches of Triton kernels whose globals are the
  candidate module's, and can skip them ("ablation": if outputs still match
  with every candidate launch skipped, torch did the work).
- Poison: `torch.empty`-style allocations made by the candidate are filled
  with NaN (floats) or a sentinel (ints), so unwritten output elements fail
  and freed reference results cannot be read back.
- Dispatch log: a TorchDispatchMode records every aten op the candidate's
  forward runs outside kernel launches; compute ops are a hack.
- Pristine references to the functions we time with, and a check that the
  candidate did not replace them.
"""

from __future__ import annotations

import threading
import time

import torch
from torch.utils._python_dispatch import TorchDispatchMode

import triton
from triton.runtime.jit import JITFunction

try:  # present in every Triton release with an interpreter (>= 2.2)
    from triton.runtime.interpreter import InterpretedFunction
except ImportError:  # pragma: no cover
    InterpretedFunction = None


class GuardState:
    """Mutable switches shared by the hooks; one per sandbox child."""

    def __init__(self):
        self.candidate_globals: dict | None = None
        self.launches = 0
        self.ablate = False
        self.poison = False
        self.in_launch = 0  # >0 while a kernel runs: its internal torch ops are not the candidate's
        self.internal = 0  # >0 while our own code allocates


STATE = GuardState()

# Captured before any candidate code runs; timing code uses these, never the module attributes.
PRISTINE = {
    "torch.cuda.synchronize": torch.cuda.synchronize,
    "torch.cuda.Event": torch.cuda.Event,
    "torch.cuda.Event.elapsed_time": torch.cuda.Event.elapsed_time,
    "torch.cuda.Event.record": torch.cuda.Event.record,
    "time.perf_counter": time.perf_counter,
    "time.time": time.time,
    "threading.Thread.start": threading.Thread.start,
}


def _watched() -> dict[str, object]:
    """Namespaces whose attributes the checks (and timing) rely on."""
    import math

    import torch.nn.functional as F
    import triton.language as tl
    spaces = {"torch": torch, "torch.Tensor": torch.Tensor, "torch.nn.functional": F, "torch.cuda": torch.cuda,
              "torch.cuda.Event": torch.cuda.Event, "triton": triton, "triton.language": tl,
              "time": time, "threading": threading, "threading.Thread": threading.Thread, "math": math,
              "JITFunction": JITFunction}
    if InterpretedFunction is not None:
        spaces["InterpretedFunction"] = InterpretedFunction
    return spaces


def snapshot() -> dict[str, int]:
    """id() of every attribute of the watched namespaces, taken after our own hooks
    are installed and before candidate code runs."""
    out = {}
    for space, obj in _watched().items():
        for name, value in list(vars(obj).items()):
            # Callables only: lazy initialisation legitimately flips flags and adds
            # submodules (torch.cuda._initialized, torch._inductor) while we run.
            if callable(value) and not isinstance(value, type(torch)):
                out[f"{space}.{name}"] = id(value)
    return out


def patched_names(before: dict[str, int]) -> list[str]:
    """Functions removed or replaced since `before`: a candidate monkey-patched them.

    Catches e.g. torch.isfinite/torch.allclose replaced so NaN compares equal,
    Event.elapsed_time faked, or the launch hook removed."""
    after = snapshot()
    return sorted(k for k, v in before.items() if after.get(k) != v)


# ---------------------------------------------------------------- launch hook

def _is_candidate_kernel(kernel) -> bool:
    fn = getattr(kernel, "fn", None)
    return STATE.candidate_globals is not None and getattr(fn, "__globals__", None) is STATE.candidate_globals


def _wrap_run(original):
    def run(self, *args, **kwargs):
        if not _is_candidate_kernel(self):
            return original(self, *args, **kwargs)
        if kwargs.get("warmup"):
            return original(self, *args, **kwargs)
        STATE.launches += 1
        if STATE.ablate:
            return None
        STATE.in_launch += 1
        try:
            return original(self, *args, **kwargs)
        finally:
            STATE.in_launch -= 1
    return run


_RUN_PATCHES: dict[type, object] = {}


def install_launch_hook() -> None:
    # Patching the class catches every launch path: kernel[grid](...),
    # Autotuner/Heuristics (they call fn.run) and kernels built at run time.
    for cls in (JITFunction, InterpretedFunction):
        if cls is not None and cls not in _RUN_PATCHES:
            cls.run = _wrap_run(cls.run)
            _RUN_PATCHES[cls] = cls.run


# ---------------------------------------------------------------------- poison

def _poison(t):
    if STATE.poison and isinstance(t, torch.Tensor) and t.numel() > 0:
        STATE.internal += 1
        try:
            if t.is_floating_point() or t.is_complex():
                t.fill_(float("nan"))
            elif t.dtype != torch.bool:
                t.fill_(torch.iinfo(t.dtype).min)
        finally:
            STATE.internal -= 1
    return t


def _wrap_alloc(original):
    def alloc(*args, **kwargs):
        return _poison(original(*args, **kwargs))
    alloc.__name__ = getattr(original, "__name__", "alloc")
    alloc.__doc__ = getattr(original, "__doc__", None)
    return alloc


_ALLOC_PATCHES: dict[str, object] = {}
_ORIGINAL_NEW_EMPTY = torch.Tensor.new_empty


def install_poison() -> None:
    for name in ("empty", "empty_like", "empty_strided"):
        if name not in _ALLOC_PATCHES:
            setattr(torch, name, _wrap_alloc(getattr(torch, name)))
            _ALLOC_PATCHES[name] = getattr(torch, name)
    torch.Tensor.new_empty = lambda self, *a, **k: _poison(_ORIGINAL_NEW_EMPTY(self, *a, **k))


# ----------------------------------------------------------------- dispatch log

# aten ops a candidate's forward may run outside kernels: allocation, views,
# layout copies (contiguous), dtype casts, reading a scalar. Everything else
# is torch computing the answer.
ALLOWED_ATEN = frozenset({
    "empty", "empty_like", "empty_strided", "new_empty", "new_empty_strided", "zeros", "zeros_like",
    "ones", "ones_like", "full", "full_like", "new_zeros", "new_ones", "new_full", "fill_", "zero_",
    "view", "_unsafe_view", "reshape", "as_strided", "t", "transpose", "permute", "expand", "unsqueeze",
    "squeeze", "select", "slice", "alias", "detach", "clone", "_to_copy", "copy_", "unbind", "split",
    "split_with_sizes", "chunk", "narrow", "lift_fresh", "_local_scalar_dense", "unfold", "movedim",
    "view_as", "flatten", "unflatten", "contiguous", "_reshape_alias", "to", "_has_compatible_shallow_copy_type",
    "is_same_size", "resolve_conj", "resolve_neg", "_conj", "set_", "scalar_tensor",
})


class ComputeLog(TorchDispatchMode):
    """Records aten compute ops run by the candidate outside kernel launches."""

    def __init__(self):
        super().__init__()
        self.compute_ops: list[str] = []

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        if not STATE.in_launch and not STATE.internal:
            name = func.overloadpacket.__name__
            if name not in ALLOWED_ATEN and name not in self.compute_ops:
                self.compute_ops.append(name)
        return func(*args, **(kwargs or {}))


def install_all() -> None:
    install_launch_hook()
    install_poison()

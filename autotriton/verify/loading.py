"""Turning task and candidate source into live modules, inside the sandbox child.

Shape settings are applied by overriding the task module's size constants
before `get_inputs()`/`get_init_inputs()` run; both read them at call time,
exactly as KernelBench files do.
"""

from __future__ import annotations

import ast
import types
import weakref
from dataclasses import dataclass

import torch

from autotriton.tasks.contract import ShapeSetting


def seed_global(seed: int) -> None:
    """Seed the generators a task's own code draws from (its init, its get_inputs): the CPU one and,
    where CUDA exists, CUDA's, as torch.manual_seed does without its other device types. Those
    queue a lazy call holding a formatted stack at every seeding while uninitialised (MTIA's: 0.27 ms
    a call 30 frames deep, 3% of the sampled time of a verification of built-in L1 answers,
    py-spy, session 72)."""
    torch.default_generator.manual_seed(seed)
    if torch.cuda.is_available() and not torch.cuda._is_in_bad_fork():  # torch.manual_seed's own test
        torch.cuda.manual_seed_all(seed)


def apply_shape(task_module: types.ModuleType, setting: ShapeSetting, defaults: dict[str, object]) -> None:
    """Reset the size constants to the file's values, apply `setting`, then re-run the
    module-level assignments that depend on them, in file order: KernelBench derives
    `bias_shape = (out_channels, 1, 1)` or `dim = features * 4` at import time, and a
    changed `out_channels` left the old 64-channel bias_shape behind (27 L2 tasks)."""
    for key, value in defaults.items():
        setattr(task_module, key, value)
    for key, value in setting.overrides.items():
        setattr(task_module, key, value)
    _recompute_dependents(task_module, set(defaults) | set(setting.overrides))


@dataclass(frozen=True)
class _Assignment:
    targets: frozenset[str]
    reads: frozenset[str]
    code: types.CodeType


_ASSIGNMENTS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _module_assignments(task_module: types.ModuleType) -> list[_Assignment]:
    """Module-level assignments of the task file, parsed once per module."""
    cached = _ASSIGNMENTS.get(task_module)
    if cached is not None:
        return cached
    import linecache
    lines = linecache.cache.get(getattr(task_module, "__file__", ""), (0, None, [], ""))[2]
    out = []
    try:
        tree = ast.parse("".join(lines))
    except SyntaxError:
        tree = ast.Module(body=[], type_ignores=[])
    for node in tree.body:
        if not isinstance(node, (ast.Assign, ast.AnnAssign)) or node.value is None:
            continue
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        names = {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
        reads = {n.id for n in ast.walk(node.value) if isinstance(n, ast.Name)}
        code = compile(ast.Module(body=[node], type_ignores=[]), task_module.__file__, "exec")
        out.append(_Assignment(frozenset(names), frozenset(reads), code))
    _ASSIGNMENTS[task_module] = out
    return out


def _recompute_dependents(task_module: types.ModuleType, changed: set[str]) -> None:
    """Re-run each assignment that reads a changed name (directly or through another
    re-run one) and does not itself set a name the setting fixed."""
    fixed, dirty = set(changed), set(changed)
    for a in _module_assignments(task_module):
        if a.reads & dirty and not a.targets & fixed:
            exec(a.code, task_module.__dict__)
            dirty |= a.targets


def size_constants(task_module: types.ModuleType) -> dict[str, object]:
    """The module-level UPPERCASE constants a shape setting may override."""
    return {
        k: v for k, v in vars(task_module).items()
        if k.isupper() and isinstance(v, (int, float)) and not isinstance(v, bool)
    }


def to_device(obj, device: str, dtype_map=None):
    """Move tensors (in nested lists/tuples) to `device`; cast floating ones via dtype_map."""
    if isinstance(obj, torch.Tensor):
        t = obj.to(device)
        if dtype_map is not None and t.is_floating_point():
            t = t.to(dtype_map(t.dtype))
        return t
    if isinstance(obj, (list, tuple)):
        return type(obj)(to_device(x, device, dtype_map) for x in obj)
    return obj


def clone_all(obj):
    if isinstance(obj, torch.Tensor):
        return obj.clone()
    if isinstance(obj, (list, tuple)):
        return type(obj)(clone_all(x) for x in obj)
    return obj


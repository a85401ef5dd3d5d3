"""Turning task and candidate source into live modules, inside the sandbox child.

Shape settings are applied by overriding the task module's size constants
before `get_inputs()`/`get_init_inputs()` run; both read them at call time,
exactly as KernelBench files do.
"""

from __future__ import annotations

import types

import torch

from autotriton.tasks.contract import ShapeSetting


def module_from_source(source: str, name: str, filename: str) -> types.ModuleType:
    """Execute source as a fresh module. Exceptions propagate to the caller.

    Triton's `@jit` reads the kernel's source with `inspect.getsource`, which
    needs a real file, so callers pass a filename they have written `source` to.
    """
    import linecache
    import sys

    module = types.ModuleType(name)
    module.__file__ = filename
    # linecache lets inspect find the source even if the file is later removed.
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    sys.modules[name] = module
    code = compile(source, filename, "exec")
    exec(code, module.__dict__)
    return module


def apply_shape(task_module: types.ModuleType, setting: ShapeSetting, defaults: dict[str, object]) -> None:
    """Reset the size constants to the file's values, then apply `setting`."""
    for key, value in defaults.items():
        setattr(task_module, key, value)
    for key, value in setting.overrides.items():
        setattr(task_module, key, value)


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

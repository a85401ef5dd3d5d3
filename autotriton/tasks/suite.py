"""The built-in task suite: data under tasks/builtin/l<level>/<name>/, loadable by id;
and the development suite under tasks/dev/level<N>/<id>_<name>.py.

Ids look like `builtin/l1/softmax`. Selections such as `builtin:heldout` or
`builtin:train` filter by the split recorded in each task's metadata.

The development suite (`dev`, issue 31) is what decisions about data, prompts, training
and decoding are made on, instead of KernelBench or TritonBench (test sets, read to
report only). Its files are modules written by hand the way people write their own
(an `nn` layer held as an attribute, a tensor method, a dim counted from either end,
helper classes, no benchmark's house style), in KernelBench's file format, with no
metadata: they load exactly as a KernelBench file does (derived interp sizes, TF32's
tolerance where they compute dot products). Every one is split "heldout": never trained
on, and decontamination keeps training data away from them (data/decontam.py).
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from autotriton.tasks.contract import Task, TaskError, file_task, read_python_text, task_from_source
from autotriton.tasks.sizes import as_judged, with_dot_tolerance, with_interp_shapes

BUILTIN_ROOT = Path(__file__).parent / "builtin"
DEV_ROOT = Path(__file__).parent / "dev"


def _load_folder(folder: Path) -> Task:
    level = int(folder.parent.name[1:])
    solution = folder / "solution.py"
    return task_from_source(
        (folder / "task.py").read_text(),
        task_id=f"builtin/{folder.parent.name}/{folder.name}",
        suite="builtin",
        level=level,
        solution_source=solution.read_text() if solution.exists() else None,
        path=str(folder / "task.py"),
    )


@lru_cache(maxsize=1)
def builtin_tasks() -> tuple[Task, ...]:
    folders = sorted(p.parent for p in BUILTIN_ROOT.glob("l*/*/task.py"))
    return tuple(_load_folder(f) for f in folders)


def list_tasks(split: str | None = None, level: int | None = None) -> list[Task]:
    return [t for t in builtin_tasks()
            if (split is None or t.split == split) and (level is None or t.level == level)]


def get_task(task_id: str) -> Task:
    """A built-in task by id, or any task file in the contract by path."""
    if task_id.startswith("builtin/"):
        for task in builtin_tasks():
            if task.id == task_id:
                return task
        raise TaskError(f"unknown task id '{task_id}' (see `autotriton tasks list`)")
    path = Path(task_id)
    if path.suffix == ".py" or path.exists():
        return load_task_file(path)
    raise TaskError(f"unknown task id '{task_id}': expected builtin/l<N>/<name> or a path to a task .py file")


def load_task_file(path: str | Path) -> Task:
    """Any task file, as every path judges it (the CLI's --task, get_task, the Python API, eval):
    a built-in task's own file is that task, its level and id included (loaded as a file it was
    level 0 and lost the level-3 interpreter's time allowance: outside pass on verifier 64); a
    KernelBench file (`level<N>/<id>_<Name>.py`) gets the KernelBench id, split, derived interp
    sizes and TF32's tolerance where it computes dot products (`verify --task FILE --device cpu`
    once ran one at its full 6.4 GB size); any other file derived interp sizes and tolerance where
    it has none. This function and the CLI once loaded a KernelBench-layout file with its own
    INTERP_SHAPES differently, and an honest default-precision tl.dot matmul was wrong_output here
    and correct there (outside pass on verifier 99, F1)."""
    path = Path(path)
    builtin = path.resolve()
    if builtin.name == "task.py" and builtin.parent.parent.parent == BUILTIN_ROOT.resolve():
        return get_task(f"builtin/{builtin.parent.parent.name}/{builtin.parent.name}")
    level = re.fullmatch(r"level(\d)", path.parent.name)
    if level and _KERNELBENCH_FILE.match(path.name) and path.is_file():
        suite = "dev" if path.resolve().parent.parent == DEV_ROOT.resolve() else "kernelbench"
        return load_kernelbench_file(path, int(level.group(1)), path.stem, suite=suite)
    return as_judged(file_task(path))


_KERNELBENCH_FILE = re.compile(r"^(\d+)_(.+)\.py$")


def load_kernelbench_file(path: Path, level: int, stem: str, suite: str = "kernelbench") -> Task:
    """One file in KernelBench's format: id `<suite>/l<level>/<stem>`, split heldout (an
    eval set is never training data), derived interp sizes, and TF32's tolerance
    where it computes dot products."""
    task = task_from_source(read_python_text(path), task_id=f"{suite}/l{level}/{stem}",
                            suite=suite, level=level, path=str(path))
    return with_dot_tolerance(with_interp_shapes(replace(task, split="heldout")))


@lru_cache(maxsize=1)
def dev_tasks() -> tuple[Task, ...]:
    """The development suite, sorted by (level, file name)."""
    return tuple(load_kernelbench_file(p, int(p.parent.name.removeprefix("level")), p.stem, suite="dev")
                 for p in sorted(DEV_ROOT.glob("level*/*.py"), key=lambda p: (p.parent.name, p.name))
                 if _KERNELBENCH_FILE.match(p.name))


def load_suite(spec: str) -> list[Task]:
    """`builtin`, `builtin:train` or `builtin:heldout`."""
    name, _, split = spec.partition(":")
    if name != "builtin":
        raise TaskError(f"unknown suite '{spec}' (expected builtin, builtin:train or builtin:heldout)")
    if split not in ("", "train", "heldout"):
        raise TaskError(f"unknown split '{split}' in '{spec}' (expected train or heldout)")
    return list_tasks(split or None)

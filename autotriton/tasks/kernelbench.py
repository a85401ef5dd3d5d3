"""KernelBench as Tasks, read from a user's checkout at run time.

Layout: `<root>/level1/ … level3/`, each holding `<id>_<Name>.py` files in the
task contract (`Model`, `get_inputs`, `get_init_inputs`). Task ids are
`kernelbench/l<level>/<id>_<Name>`; every task gets split "heldout" (an
external eval set is never training data). Files are read with `ast`, never
executed, so loading a checkout is safe and fast.

What KernelBench files lack is derived where every task file gets it: an
interp-sized shape setting (tasks/sizes.py; the file's own sizes stay the
"default" GPU setting), and the signed-input trial, which the judge runs on every
task whose get_inputs draws torch.rand (tasks/signed.py, verify/api.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from autotriton.tasks.contract import Task, TaskError
from autotriton.tasks.suite import load_kernelbench_file

KERNELBENCH_LEVELS = (1, 2, 3)
_FILE_RE = re.compile(r"^(\d+)_(.+)\.py$")
_LEVEL_RE = re.compile(r"^level(\d+)$")


@dataclass(frozen=True)
class SkippedFile:
    """A file in an external set that was not loaded, and why."""

    path: str
    reason: str


@dataclass(frozen=True)
class KernelBenchReport:
    tasks: tuple[Task, ...]
    skipped: tuple[SkippedFile, ...]

    def summary(self) -> str:
        """One line per skipped file after a count, for a CLI to print."""
        levels = sorted({t.level for t in self.tasks})
        per_level = ", ".join(f"level{lv}: {sum(t.level == lv for t in self.tasks)}" for lv in levels)
        lines = [f"loaded {len(self.tasks)} KernelBench tasks ({per_level}); skipped {len(self.skipped)}"]
        lines += [f"  skipped {s.path}: {s.reason}" for s in self.skipped]
        return "\n".join(lines)


# ====================================================================== loading

def load_kernelbench(root: Path, levels=KERNELBENCH_LEVELS) -> list[Task]:
    """Tasks of a KernelBench checkout; see `load_kernelbench_report` for skipped files."""
    return list(load_kernelbench_report(root, levels).tasks)


def load_kernelbench_report(root: Path, levels=KERNELBENCH_LEVELS) -> KernelBenchReport:
    """Load `<root>/level<N>/<id>_<Name>.py` for each level, sorted by (level, id).

    `root` is the folder holding level1/ …; a repository root with a
    KernelBench/ subfolder (the upstream layout) is accepted too. Files that
    are not tasks (no Model/get_inputs, bad syntax, unexpected names) are
    skipped and listed in the report.
    """
    root = _kernelbench_root(Path(root))
    tasks: list[Task] = []
    skipped: list[SkippedFile] = []
    for level in levels:
        folder = root / f"level{level}"
        if not folder.is_dir():
            raise TaskError(f"KernelBench level folder not found: {folder} ({_missing_level_hint(root)})")
        numbered: list[tuple[int, Task]] = []
        for path in sorted(folder.glob("*.py")):
            match = _FILE_RE.match(path.name)
            if match is None:
                skipped.append(SkippedFile(str(path), "file name is not <id>_<Name>.py"))
                continue
            try:
                task = load_kernelbench_file(path, level, f"{match.group(1)}_{match.group(2)}")
            except (TaskError, UnicodeDecodeError) as exc:
                skipped.append(SkippedFile(str(path), str(exc).removeprefix(f"{path}: ")))
                continue
            numbered.append((int(match.group(1)), task))
        tasks += [t for _, t in sorted(numbered, key=lambda pair: (pair[0], pair[1].id))]
    if (root / "level4").is_dir() and 4 not in levels:
        # Level 4 builds Hugging Face models whose weights are downloaded at run time.
        skipped.append(SkippedFile(str(root / "level4"), "level 4 needs Hugging Face weights downloaded at "
                                   "run time; not run (no network is assumed)"))
    return KernelBenchReport(tuple(tasks), tuple(skipped))


def _kernelbench_root(root: Path) -> Path:
    if not root.is_dir():
        raise TaskError(f"KernelBench root not found: {root} (point it at the folder holding level1/ … level3/)")
    level = level_of_folder(root)
    if level is not None:  # a suite spec maps this to (parent, that level) itself: tasks/specs.py
        raise TaskError(f"{root} is one KernelBench level folder, not the root holding level1/ … level3/: "
                        f"load {root.parent} with levels=({level},), or use the suite spec kernelbench:{root}")
    if not _level_dirs(root) and _level_dirs(root / "KernelBench"):
        return root / "KernelBench"
    return root


def level_of_folder(path: Path) -> int | None:
    """N when `path` is one level folder of a checkout (`<root>/level1`), not a root: it is named
    level<N> and holds no level folders of its own. A suite spec naming it means that level only
    (tasks/specs.py); read as a root, `kernelbench:…/level1` looked for …/level1/level1."""
    match = _LEVEL_RE.match(path.name)
    if match is None or not path.is_dir() or _level_dirs(path) or _level_dirs(path / "KernelBench"):
        return None
    return int(match.group(1))


def _missing_level_hint(root: Path) -> str:
    found = _level_dirs(root)
    if not found:
        return f"{root} holds no level folders; point at the folder holding level1/ … level3/, or at one of them"
    numbers = ",".join(name.removeprefix("level") for name in found)
    return f"found {', '.join(found)}; ask for those only: :levels={numbers} in a suite spec, levels= in Python"


def _level_dirs(root: Path) -> list[str]:
    return sorted(p.name for p in root.glob("level*") if p.is_dir()) if root.is_dir() else []

"""KernelBench as Tasks, read from a user's checkout at run time.

Layout: `<root>/level1/ … level3/`, each holding `<id>_<Name>.py` files in the
task contract (`Model`, `get_inputs`, `get_init_inputs`). Task ids are
`kernelbench/l<level>/<id>_<Name>`; every task gets split "heldout" (an
external eval set is never training data). Files are read with `ast`, never
executed, so loading a checkout is safe and fast.

Two things KernelBench files lack, derived:

- An interp-sized shape setting (tasks/sizes.py, shared with every other way a
  task file is loaded): the file's own sizes stay the "default" GPU setting.
- Signed inputs (here). `torch.rand` draws from [0, 1), where `return x` passes
  ReLU-like tasks; `signed_variant(source)` rewrites get_inputs to
  `torch.randn`. Whether the reference stays finite on it is for the caller
  to check by running it.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, replace
from pathlib import Path

from autotriton.tasks.contract import Task, TaskError
from autotriton.tasks.sizes import parse_checked
from autotriton.tasks.suite import load_kernelbench_file

KERNELBENCH_LEVELS = (1, 2, 3)
_FILE_RE = re.compile(r"^(\d+)_(.+)\.py$")



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
            raise TaskError(f"KernelBench level folder not found: {folder} "
                            f"(found {_level_dirs(root) or 'no level folders'}; pass levels= to load fewer)")
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
    if not _level_dirs(root) and _level_dirs(root / "KernelBench"):
        return root / "KernelBench"
    return root


def _level_dirs(root: Path) -> list[str]:
    return sorted(p.name for p in root.glob("level*") if p.is_dir()) if root.is_dir() else []


# ====================================================================== signed inputs

_SIGNED = {"rand": "randn", "rand_like": "randn_like"}


def with_signed_trials(verifier, pairs: list[tuple[Task, str]], results: list) -> tuple[list, list[str]]:
    """Each correct verdict re-checked on its task's signed-input variant (`signed_variant`).

    KernelBench inputs drawn from torch.rand in [0, 1) let `return x` pass ReLU-like tasks, and
    on them a bf16 or half-K matmul stays inside TF32's tolerance; the same task with randn
    inputs rejects both (TritonRL's input augmentation). A candidate must pass both: a failed
    trial replaces the verdict. Returns (verdicts, one trial outcome per pair)."""
    variants = [signed_variant(task.source) for task, _ in pairs]
    todo = [i for i, (v, r) in enumerate(zip(variants, results)) if v and r.correct]
    signed = verifier.verify_many([(replace(pairs[i][0], id=pairs[i][0].id + "#signed", source=variants[i]),
                                    pairs[i][1]) for i in todo])
    out = list(results)
    trials = ["n/a" if v is None else "not run (failed before it)" for v in variants]
    for i, res in zip(todo, signed):
        if res.error_kind.value == "invalid_task":
            trials[i] = "skipped: reference not finite on signed inputs"
        elif res.correct:
            trials[i] = "passed"
        else:
            trials[i] = "failed"
            res.error_msg = "failed the signed-input (randn) trial: " + res.error_msg
            out[i] = res
    return out, trials


def signed_variant(source: str) -> str | None:
    """`source` with torch.rand/rand_like in get_inputs turned into randn/randn_like.

    Only calls inside the module-level get_inputs are rewritten (located with
    ast, spliced into the text so everything else is byte-identical). Returns
    None when there is nothing to rewrite. Not covered: rand calls in helpers
    that get_inputs calls, `from torch import rand`, `x.uniform_()`.
    """
    tree = parse_checked(source)
    fn = next((n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "get_inputs"), None)
    if fn is None:
        return None
    aliases = {"torch"} | {a.asname for n in ast.walk(tree) if isinstance(n, ast.Import)
                           for a in n.names if a.name == "torch" and a.asname}
    edits = [(n.func.end_lineno, n.func.end_col_offset, n.func.attr) for n in ast.walk(fn)
             if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in _SIGNED
             and isinstance(n.func.value, ast.Name) and n.func.value.id in aliases]
    if not edits:
        return None
    lines = source.splitlines(keepends=True)
    # ast columns are UTF-8 byte offsets; splice right to left so earlier offsets hold.
    for lineno, end_col, attr in sorted(edits, reverse=True):
        raw = lines[lineno - 1].encode()
        start = end_col - len(attr)
        assert raw[start:end_col].decode() == attr, (lineno, raw)
        lines[lineno - 1] = (raw[:start] + _SIGNED[attr].encode() + raw[end_col:]).decode()
    return "".join(lines)

"""Suite specs: the one parser of the text that names an evaluation suite.

    builtin[:train|heldout]            the built-in tasks (both splits when none is named)
    dev[:levels=1,2,3]                 the development suite: hand-written modules (tasks/dev/)
    harvest:PATH                       the held-out split of a harvest folder (tasks/heldout.py)
    kernelbench:PATH[:levels=1,2,3]    a KernelBench checkout, or one level folder (PATH/level1)
    tritonbench-g:PATH                 TritonBench-G (Triton code from GitHub)
    tritonbench-t:PATH                 TritonBench-T (PyTorch operators)

Any suite but tritonbench-g also takes `:rewrites=K` (TritonBench-T: its PyTorch reference is
rewritten, names it is called by kept): each task is
scored as written and as K rewrites that keep its meaning (tasks/rewrite.py, checked by
running both in eval/equivalence.py), in a channel of their own (`KernelBench-L1/rewritten`).

The eval harness (what to sample for) and decontamination (what training data
must not overlap) both read specs through `parse_suite_spec`, so a spec means the
same to both and a bad one fails the same way: `SuiteSpecError`, one line,
before anything is loaded or written. PATH must exist; what is inside it is for
the loaders to check.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from autotriton.tasks.contract import Task, TaskError
from autotriton.tasks.heldout import heldout_tasks
from autotriton.tasks.kernelbench import level_of_folder, load_kernelbench
from autotriton.tasks.suite import dev_tasks, list_tasks

KINDS = ("builtin", "dev", "harvest", "kernelbench", "tritonbench-g", "tritonbench-t")
USAGE = ("builtin[:train|heldout], dev[:levels=1,2,3], harvest:PATH, kernelbench:PATH[:levels=1,2,3], "
         "tritonbench-g:PATH or tritonbench-t:PATH; all but tritonbench-g also take :rewrites=K")
# Rewrites per task: each costs one more generation and verification per sample.
MAX_REWRITES = 8


class SuiteSpecError(TaskError):
    """A suite spec that does not parse or names no folder; a one-line message for the user.
    A TaskError, so every command that already turns those into exit code 2 does so for it."""


@dataclass(frozen=True)
class SuiteSpec:
    text: str  # as the user wrote it
    kind: str  # one of KINDS
    split: str | None = None  # builtin: "train", "heldout", or None for both
    path: Path | None = None  # the external suites' folder
    levels: tuple[int, ...] = (1, 2, 3)  # kernelbench and dev
    rewrites: int = 0  # rewrites scored per task (builtin, dev, kernelbench)

    @property
    def base(self) -> str:
        """The spec without its rewrites: the suite as written."""
        return self.text.replace(f":rewrites={self.rewrites}", "") if self.rewrites else self.text


def parse_suite_spec(text: str) -> SuiteSpec:
    kind, _, rest = text.partition(":")
    if kind not in KINDS:
        raise SuiteSpecError(f"unknown suite '{text}' (expected {USAGE})")
    rest, options = _options(text, rest)
    rewrites = _rewrites(text, kind, options.pop("rewrites", None))
    if "levels" in options and kind not in ("kernelbench", "dev"):
        raise SuiteSpecError(f"suite '{text}': {kind} takes no option 'levels'")
    named_levels = _levels(text, options.pop("levels")) if "levels" in options else None
    levels = named_levels or (1, 2, 3)
    if kind in ("builtin", "dev"):
        splits = ("", "train", "heldout") if kind == "builtin" else ("",)
        if rest not in splits:
            raise SuiteSpecError(f"suite '{text}': unknown split '{rest}' (expected {USAGE})")
        return SuiteSpec(text, kind, split=rest or None, levels=levels, rewrites=rewrites)
    if not rest:
        raise SuiteSpecError(f"suite '{text}' names no folder (expected {kind}:PATH)")
    path = Path(rest)
    if not path.is_dir():
        raise SuiteSpecError(f"suite '{text}': folder {path} not found")
    level = level_of_folder(path) if kind == "kernelbench" else None
    if level is not None:  # `kernelbench:ROOT/level1` is `kernelbench:ROOT:levels=1`: one suite, the same ids
        if named_levels not in (None, (level,)):
            raise SuiteSpecError(f"suite '{text}': {path} is the level{level} folder alone; for other levels "
                                 f"name its parent: kernelbench:{path.parent}:levels=...")
        path, levels = path.parent, (level,)
    return SuiteSpec(text, kind, path=path, levels=levels, rewrites=rewrites)


def _options(text: str, rest: str) -> tuple[str, dict[str, str]]:
    """Trailing `:key=value` options (levels, rewrites) split off the rest of a spec."""
    options: dict[str, str] = {}
    while True:
        head, sep, tail = rest.rpartition(":")
        candidate = tail if sep else rest
        key, eq, value = candidate.partition("=")
        if not eq or key not in ("levels", "rewrites"):
            return rest, options
        if key in options:
            raise SuiteSpecError(f"suite '{text}': {key}= given twice")
        options[key] = value
        rest = head if sep else ""


def _rewrites(text: str, kind: str, value: str | None) -> int:
    if value is None:
        return 0
    if kind == "tritonbench-g":
        raise SuiteSpecError(f"suite '{text}': rewrites= works on code the prompt shows (task files, "
                             "TritonBench-T's PyTorch reference); TritonBench-G's prompt is prose")
    if not value.isdigit() or not 1 <= int(value) <= MAX_REWRITES:
        raise SuiteSpecError(f"suite '{text}': rewrites must be a number from 1 to {MAX_REWRITES}, got '{value}'")
    return int(value)


def _levels(text: str, levels_text: str) -> tuple[int, ...]:
    parts = levels_text.split(",")
    if not all(p.strip().isdigit() and int(p) >= 1 for p in parts):
        raise SuiteSpecError(f"suite '{text}': levels must be comma-separated numbers such as levels=1,2, "
                             f"got '{levels_text}'")
    return tuple(int(p) for p in parts)


def parse_suites(texts: list[str]) -> list[SuiteSpec]:
    """Every spec of one eval, parsed; one suite given twice is refused (its tasks twice under
    one key: 200 items, 100 keys, each sample logged twice)."""
    seen: dict[tuple, str] = {}
    specs = []
    for text in texts:
        spec = parse_suite_spec(text)
        same = (spec.kind, spec.split, spec.path and spec.path.resolve(), spec.levels, spec.rewrites)
        if same in seen:
            raise SuiteSpecError(f"suites {seen[same]!r} and {text!r} are the same suite; give it once")
        seen[same] = text
        specs.append(spec)
    return specs


def suite_tasks(spec: SuiteSpec) -> list[Task]:
    """The tasks of a task suite (every kind but TritonBench's, whose items are not Tasks):
    what the eval harness samples for and decontamination indexes."""
    if spec.kind == "builtin":
        return list_tasks(spec.split)
    if spec.kind == "dev":
        return [t for t in dev_tasks() if t.level in spec.levels]
    if spec.kind == "harvest":
        return heldout_tasks(spec.path)
    return load_kernelbench(spec.path, levels=spec.levels)

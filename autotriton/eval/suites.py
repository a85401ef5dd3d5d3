"""Suite specs: the one parser of the text that names an evaluation suite.

    builtin[:train|heldout]            the built-in tasks (both splits when none is named)
    kernelbench:PATH[:levels=1,2,3]    a KernelBench checkout
    tritonbench-g:PATH                 TritonBench-G (Triton code from GitHub)
    tritonbench-t:PATH                 TritonBench-T (PyTorch operators)

The eval harness (what to sample for) and decontamination (what training data
must not overlap) both read specs through `parse_suite_spec`, so a spec means the
same to both and a bad one fails the same way: `SuiteSpecError`, one line,
before anything is loaded or written. PATH must exist; what is inside it is for
the loaders to check.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from autotriton.tasks.contract import TaskError

KINDS = ("builtin", "kernelbench", "tritonbench-g", "tritonbench-t")
USAGE = "builtin[:train|heldout], kernelbench:PATH[:levels=1,2,3], tritonbench-g:PATH or tritonbench-t:PATH"


class SuiteSpecError(TaskError):
    """A suite spec that does not parse or names no folder; a one-line message for the user.
    A TaskError, so every command that already turns those into exit code 2 does so for it."""


@dataclass(frozen=True)
class SuiteSpec:
    text: str  # as the user wrote it
    kind: str  # one of KINDS
    split: str | None = None  # builtin: "train", "heldout", or None for both
    path: Path | None = None  # the external suites' folder
    levels: tuple[int, ...] = (1, 2, 3)  # kernelbench only


def parse_suite_spec(text: str) -> SuiteSpec:
    kind, _, rest = text.partition(":")
    if kind == "builtin":
        if rest not in ("", "train", "heldout"):
            raise SuiteSpecError(f"suite '{text}': unknown split '{rest}' (expected builtin, builtin:train "
                                 "or builtin:heldout)")
        return SuiteSpec(text, kind, split=rest or None)
    if kind not in KINDS:
        raise SuiteSpecError(f"unknown suite '{text}' (expected {USAGE})")
    path_text, levels = rest, (1, 2, 3)
    if kind == "kernelbench":
        path_text, has_levels, levels_text = rest.partition(":levels=")
        if has_levels:
            levels = _levels(text, levels_text)
    if not path_text:
        raise SuiteSpecError(f"suite '{text}' names no folder (expected {kind}:PATH)")
    path = Path(path_text)
    if not path.is_dir():
        raise SuiteSpecError(f"suite '{text}': folder {path} not found")
    return SuiteSpec(text, kind, path=path, levels=levels)


def _levels(text: str, levels_text: str) -> tuple[int, ...]:
    parts = levels_text.split(",")
    if not all(p.strip().isdigit() and int(p) >= 1 for p in parts):
        raise SuiteSpecError(f"suite '{text}': levels must be comma-separated numbers such as levels=1,2, "
                             f"got '{levels_text}'")
    return tuple(int(p) for p in parts)
